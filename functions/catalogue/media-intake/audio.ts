/**
 * What an uploaded track is: MP3, WAV or FLAC with its duration, sample rate and channels (read with music-metadata),
 * or why it cannot be one, in words for the upload form. Besides the type, it checks that the file is whole: music-
 * metadata reports a WAV cut short as a shorter track and a FLAC cut short as its full length, so the WAV data chunk,
 * the last FLAC frame and the last MP3 frame are checked against the file's size here.
 */
import { Readable } from 'node:stream';
import { sniffImage } from '../../platform/image-type.js';
import { crc16, crc8 } from './flac-crc.js';
import { objectSource, type ByteSource } from './source.js';

export type AudioFormat = 'mp3' | 'wav' | 'flac';

type AudioInspection =
  | { ok: true; format: AudioFormat; durationSeconds: number; sampleRate: number; channels: number; lossless: boolean }
  | { ok: false; reason: string };

/** How much of the start is read to tell the type and find the headers; MP3 frame checks read this much of the end. */
const PROBE_BYTES = 64 * 1024;

const refuse = (reason: string): AudioInspection => ({ ok: false, reason });
const cutShort = (detail: string) =>
  refuse(`The file is cut short: ${detail}. Upload it again, or export it again from your audio software.`);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');

/** Inspects the object under `key` in the media bucket. */
export async function inspectAudio(key: string): Promise<AudioInspection> {
  const source = await objectSource(key);
  if (!source) return refuse('The upload did not arrive. Try uploading the file again.');
  return inspectAudioSource(source);
}

export async function inspectAudioSource(source: ByteSource): Promise<AudioInspection> {
  if (source.size === 0) return refuse('The file is empty.');
  const head = await source.read(0, PROBE_BYTES);
  let checked: { format: AudioFormat } | AudioInspection;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') checked = await readWavLayout(source);
  else if (ascii(head, 0, 4) === 'fLaC') checked = await checkFlac(source);
  else if (ascii(head, 0, 3) === 'ID3' || frameAt(head, 0)) checked = await checkMp3(source, head);
  else return refuse(notAudio(head));
  if ('ok' in checked) return checked;
  return readMetadata(source, checked.format);
}

/** The sample rates an MP3 can have (MPEG 1, 2 and 2.5). */
const MP3_RATES = [48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000];

/**
 * The whole factor (1 to 8) that takes a lossless file's sample rate to an MP3 rate (96 kHz → 48 kHz: 2), or undefined
 * when there is none and the streaming MP3 cannot be made from it.
 */
export const mp3RateFactor = (sampleRate: number) =>
  Array.from({ length: 8 }, (_, i) => i + 1).find((f) => sampleRate % f === 0 && MP3_RATES.includes(sampleRate / f));

/** The duration and stream properties, from music-metadata; it reads only the headers it needs, then the stream is left. */
async function readMetadata(source: ByteSource, format: AudioFormat): Promise<AudioInspection> {
  // A byte stream: in object mode a read would return whole chunks, however many bytes the parser asked for.
  const stream = Readable.from(source.stream(), { objectMode: false });
  try {
    // Loaded on first use, out of the cold start: with the parsers of every format it knows it is 150 KB minified.
    const { parseStream } = await import('music-metadata');
    const mimeType = { mp3: 'audio/mpeg', wav: 'audio/wav', flac: 'audio/flac' }[format];
    const { format: found } = await parseStream(stream, { size: source.size, mimeType }, { skipCovers: true, skipPostHeaders: true });
    const { duration, sampleRate, numberOfChannels } = found;
    if (!duration || !sampleRate || !numberOfChannels) return refuse('The file holds no audio.');
    if (format !== 'mp3' && !mp3RateFactor(sampleRate))
      return refuse(`A sample rate of ${sampleRate} Hz is not supported. Export the file at 44.1 or 48 kHz (or a multiple of them).`);
    return { ok: true, format, durationSeconds: duration, sampleRate, channels: numberOfChannels, lossless: format !== 'mp3' };
  } catch (error) {
    return refuse(`The file could not be read as ${format.toUpperCase()} audio (${(error as Error).message}).`);
  } finally {
    stream.destroy();
  }
}

/** What a file that is none of the three formats looks like, for the message. */
function notAudio(head: Uint8Array): string {
  const accepted = 'Upload an MP3, WAV or FLAC file.';
  if (looksLikeText(head)) return `This file is not audio (it looks like text). ${accepted}`;
  const image = sniffImage(Buffer.from(head));
  if (image) return `This file is not audio (it looks like a ${image.extension.toUpperCase()} image). ${accepted}`;
  const magic = ascii(head, 0, 4);
  if (magic === 'OggS') return `Ogg audio is not accepted. ${accepted}`;
  if (ascii(head, 4, 8) === 'ftyp') return `MP4 and M4A files are not accepted. ${accepted}`;
  if (magic === '%PDF') return `This file is not audio (it looks like a PDF document). ${accepted}`;
  if (magic === 'PK\x03\x04') return `This file is not audio (it looks like a ZIP archive). ${accepted}`;
  return `This file is not MP3, WAV or FLAC audio. ${accepted}`;
}

/** Valid UTF-8 without control characters other than tabs and line ends. */
function looksLikeText(head: Uint8Array): boolean {
  // A multi-byte character may be split at the end of the probe.
  const sample = head.length === PROBE_BYTES ? head.subarray(0, head.length - 4) : head;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return false;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
  }
  return true;
}

// WAV: a RIFF file whose `data` chunk must lie within the bytes that arrived.

/** Where a WAV's samples are and how they are stored: what the transcoder needs to read them. */
interface WavLayout {
  format: 'wav';
  encoding: 'int' | 'float';
  bitsPerSample: number;
  channels: number;
  sampleRate: number;
  dataStart: number;
  dataBytes: number;
}

export async function readWavLayout(source: ByteSource): Promise<WavLayout | AudioInspection> {
  let at = 12;
  let fmt: Buffer | undefined;
  // Chunks come in any order; a few of them (LIST, bext, iXML) may precede the audio. Read each header by range.
  for (let chunks = 0; chunks < 64 && at + 8 <= source.size; chunks++) {
    const header = Buffer.from(await source.read(at, at + 8));
    const id = header.toString('latin1', 0, 4);
    const size = header.readUInt32LE(4);
    if (id === 'fmt ') fmt = Buffer.from(await source.read(at + 8, at + 8 + Math.min(size, 40)));
    if (id === 'data') {
      if (!fmt) return refuse('This WAV file has no format header before its audio, so it cannot be read.');
      const sampleFormat = wavSampleFormat(fmt);
      if (!sampleFormat) {
        return refuse(
          'This WAV file is compressed or has an unusual sample format. Export it as uncompressed PCM WAV (16 or 24 bit), or as FLAC.',
        );
      }
      const arrived = source.size - (at + 8);
      if (size > arrived) return cutShort(`its audio should be ${megabytes(size)}, but only ${megabytes(arrived)} arrived`);
      if (size < sampleFormat.channels * (sampleFormat.bitsPerSample / 8)) return refuse('The file holds no audio.');
      return { format: 'wav', ...sampleFormat, dataStart: at + 8, dataBytes: size };
    }
    at += 8 + size + (size % 2);
  }
  return at + 8 > source.size ? cutShort('it ends before its audio starts') : refuse('This WAV file has no audio data.');
}

/** The sample format of a `fmt ` chunk if the transcoder reads it (PCM of 8–32 bits, or 32-bit float). */
function wavSampleFormat(fmt: Buffer): Pick<WavLayout, 'encoding' | 'bitsPerSample' | 'channels' | 'sampleRate'> | undefined {
  if (fmt.length < 16) return undefined;
  let tag = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const sampleRate = fmt.readUInt32LE(4);
  const bitsPerSample = fmt.readUInt16LE(14);
  // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
  if (tag === 0xfffe && fmt.length >= 26) tag = fmt.readUInt16LE(24);
  if (channels === 0 || sampleRate === 0) return undefined;
  if (tag === 1 && [8, 16, 24, 32].includes(bitsPerSample)) return { encoding: 'int', bitsPerSample, channels, sampleRate };
  if (tag === 3 && bitsPerSample === 32) return { encoding: 'float', bitsPerSample, channels, sampleRate };
  return undefined;
}

// FLAC: the last frame must be whole (its CRC-16 matches) and must end at the sample count STREAMINFO announces.

interface StreamInfo {
  minBlockSize: number;
  maxBlockSize: number;
  maxFrameSize: number;
  totalSamples: number;
}

async function checkFlac(source: ByteSource): Promise<{ format: 'flac' } | AudioInspection> {
  let at = 4;
  let info: StreamInfo | undefined;
  for (let last = false; !last;) {
    if (at + 4 > source.size) return cutShort('it ends inside its header');
    const header = await source.read(at, at + 4);
    last = (header[0] & 0x80) !== 0;
    const length = (header[1] << 16) | (header[2] << 8) | header[3];
    if ((header[0] & 0x7f) === 0) {
      const block = Buffer.from(await source.read(at + 4, at + 4 + 34));
      if (block.length < 34) return cutShort('it ends inside its header');
      info = {
        minBlockSize: block.readUInt16BE(0),
        maxBlockSize: block.readUInt16BE(2),
        maxFrameSize: block.readUIntBE(7, 3),
        totalSamples: Number(block.readBigUInt64BE(10) & 0xfffffffffn),
      };
    }
    at += 4 + length;
  }
  if (!info) return refuse('This FLAC file has no stream header, so it cannot be read.');
  if (at >= source.size) return cutShort('it ends before its audio starts');
  let end = source.size;
  // An ID3v1 tag some taggers append after the last frame.
  if (end - at > 128 && ascii(await source.read(end - 128, end - 125), 0, 3) === 'TAG') end -= 128;
  // The last frame is at most maxFrameSize long (0: unknown, then the longest a 16-bit stereo block can be, with room).
  const tailLength = Math.min(end - at, Math.max(info.maxFrameSize, 0) * 2 || 4 * 1024 * 1024);
  const tail = await source.read(end - tailLength, end);
  return lastFlacFrameIsWhole(tail, info) ? { format: 'flac' } : cutShort('its last audio frame is incomplete');
}

/** Whether `tail` ends with a complete frame (CRC-16 over it matches) that holds the stream's last sample. */
function lastFlacFrameIsWhole(tail: Uint8Array, info: StreamInfo): boolean {
  for (let at = tail.length - 2; at >= 0; at--) {
    if (tail[at] !== 0xff || (tail[at + 1] & 0xfe) !== 0xf8) continue;
    const header = flacFrameHeader(tail, at, info);
    if (!header) continue;
    if (crc16(tail.subarray(at, tail.length - 2)) !== ((tail[tail.length - 2] << 8) | tail[tail.length - 1])) continue;
    return info.totalSamples === 0 || header.firstSample + header.blockSize === info.totalSamples;
  }
  return false;
}

/** The frame header at `at` if its fields are valid and its CRC-8 matches. */
function flacFrameHeader(bytes: Uint8Array, at: number, info: StreamInfo): { firstSample: number; blockSize: number } | undefined {
  if (at + 6 > bytes.length) return undefined;
  const variable = (bytes[at + 1] & 1) === 1;
  const blockCode = bytes[at + 2] >> 4;
  const rateCode = bytes[at + 2] & 0x0f;
  if (blockCode === 0 || rateCode === 15 || bytes[at + 3] >> 4 > 10 || (bytes[at + 3] & 1) !== 0) return undefined;
  let p = at + 4;
  // The frame (fixed blocks) or sample (variable blocks) number, coded like UTF-8 in up to 7 bytes.
  const lead = bytes[p++];
  let extra = 0;
  while (extra < 7 && lead & (0x80 >> extra)) extra++;
  if (extra === 1 || extra > 7) return undefined;
  let number = extra === 0 ? lead : lead & (0xff >> (extra + 1));
  for (let i = 1; i < extra; i++) {
    if (p >= bytes.length || (bytes[p] & 0xc0) !== 0x80) return undefined;
    number = number * 64 + (bytes[p++] & 0x3f);
  }
  let blockSize: number;
  if (blockCode === 1) blockSize = 192;
  else if (blockCode <= 5) blockSize = 576 << (blockCode - 2);
  else if (blockCode === 6) blockSize = bytes[p++] + 1;
  else if (blockCode === 7) blockSize = ((bytes[p++] << 8) | bytes[p++]) + 1;
  else blockSize = 256 << (blockCode - 8);
  if (rateCode === 12) p += 1;
  else if (rateCode === 13 || rateCode === 14) p += 2;
  if (p >= bytes.length || crc8(bytes.subarray(at, p)) !== bytes[p]) return undefined;
  return { firstSample: variable ? number : number * info.minBlockSize, blockSize };
}

// MP3: MPEG audio frames chained from the first; the last one must fit in the bytes that arrived.

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] };

/** The length of the MPEG layer III frame whose header is at `at`, or 0 when there is none. */
function frameAt(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return 0;
  const version = (bytes[at + 1] >> 3) & 3; // 3: MPEG 1, 2: MPEG 2, 0: MPEG 2.5
  const layer = (bytes[at + 1] >> 1) & 3; // 1: layer III
  const bitrateIndex = bytes[at + 2] >> 4;
  const rateIndex = (bytes[at + 2] >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const kbps = (version === 3 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS)[bitrateIndex];
  const padding = (bytes[at + 2] >> 1) & 1;
  return Math.floor(((version === 3 ? 144_000 : 72_000) * kbps) / SAMPLE_RATES[version][rateIndex]) + padding;
}

/** Whether `count` frames chain from `at` (each header where the previous frame ends), or the chain reaches the end. */
function chainAt(bytes: Uint8Array, at: number, count: number): boolean {
  for (let i = 0; i < count; i++) {
    if (at === bytes.length) return i > 0;
    const length = frameAt(bytes, at);
    if (!length) return false;
    at += length;
  }
  return true;
}

async function checkMp3(source: ByteSource, head: Uint8Array): Promise<{ format: 'mp3' } | AudioInspection> {
  let start = 0;
  if (ascii(head, 0, 3) === 'ID3') {
    // The ID3v2 tag's size is four 7-bit bytes; a footer adds 10 bytes.
    start = 10 + ((head[6] << 21) | (head[7] << 14) | (head[8] << 7) | head[9]) + (head[5] & 0x10 ? 10 : 0);
    if (start >= source.size) return cutShort('it ends inside its tag, before any audio');
  }
  const first = await source.read(start, start + PROBE_BYTES);
  const firstFrame = first.findIndex((_, at) => chainAt(first, at, 3));
  if (firstFrame === -1) return refuse('This file has no MP3 audio in it (it may be damaged, or not an MP3).');

  let end = source.size;
  // Tags after the audio: an ID3v1 tag (128 bytes) and an APEv2 tag (footer 32 bytes, its size inside).
  if (end - start > 128 && ascii(await source.read(end - 128, end - 125), 0, 3) === 'TAG') end -= 128;
  if (end - start > 32) {
    const footer = Buffer.from(await source.read(end - 32, end));
    if (footer.toString('latin1', 0, 8) === 'APETAGEX') end -= footer.readUInt32LE(12) + (footer[23] & 0x80 ? 32 : 0);
  }
  const tailStart = Math.max(start + firstFrame, end - PROBE_BYTES);
  const tail = await source.read(tailStart, end);
  // From the first place in the tail where frames chain, walk to the end: the last header must not promise more than remains.
  for (let at = 0; at < tail.length; at++) {
    if (!chainAt(tail, at, 3)) continue;
    while (at < tail.length) {
      const length = frameAt(tail, at);
      if (!length) return { format: 'mp3' }; // bytes after the audio that are no frame: junk some encoders leave, not a cut
      if (at + length > tail.length) return cutShort(`its last audio frame is missing ${at + length - tail.length} bytes`);
      at += length;
    }
    return { format: 'mp3' };
  }
  // No three frames chain in the tail: the audio is shorter than that, and whole only if its frames reach the end.
  return chainAt(tail, 0, 3) ? { format: 'mp3' } : cutShort('it ends in the middle of its audio');
}
