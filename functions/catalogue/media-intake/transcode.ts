/**
 * The streaming MP3 of an uploaded track: a lossless master (WAV, or FLAC decoded with @wasm-audio-decoders/flac)
 * is encoded with lamejs, an MP3 upload is copied as it is. The master stays where it is, for downloads. Samples
 * flow through in blocks, from a ranged read of the master to a multipart upload of the MP3, so a 200 MB master
 * never sits in memory whole. The decoders are large: only the media consumer should import this module.
 */
import { CopyObjectCommand } from '@aws-sdk/client-s3';
import type { Mp3Encoder } from '@breezystack/lamejs';
import { s3Client } from '../../platform/aws.js';
import { env } from '../../platform/env.js';
import { uploadStream } from '../../platform/s3-stream.js';
import { inspectAudioSource, mp3RateFactor, readWavLayout, type AudioFormat } from './audio.js';
import { objectSource, type ByteSource } from './source.js';

/** Constant bit rates of the streaming MP3: transparent enough for listening, a quarter of a CD's rate or less. */
const STREAMING_KBPS = { mono: 128, stereo: 192 } as const;

/** The sample rates an MP3 may have (MPEG 1, 2 and 2.5). */

/** Samples handed to the encoder at once: whole MP3 frames (1152 samples), a few hundred KB of floats. */
const ENCODE_BLOCK = 1152 * 32;

interface StreamingMp3Input {
  /** The uploaded track (MP3, WAV or FLAC) in the media bucket; it is left as it is. */
  sourceKey: string;
  /** Where the streaming MP3 is written. */
  targetKey: string;
}

interface StreamingMp3 {
  /** The source's format. */
  format: AudioFormat;
  /** False when the source was an MP3, copied as it is. */
  transcoded: boolean;
  /** The MP3's size. */
  bytes: number;
}

/** Writes the streaming MP3 of `sourceKey` to `targetKey`. Throws when the source is missing or not whole audio (inspectAudio says why). */
export async function makeStreamingMp3({ sourceKey, targetKey }: StreamingMp3Input): Promise<StreamingMp3> {
  const source = await objectSource(sourceKey);
  if (!source) throw new Error(`No upload under ${sourceKey}`);
  const inspection = await inspectAudioSource(source);
  if (!inspection.ok) throw new Error(`${sourceKey} is not a track: ${inspection.reason}`);
  const Bucket = env().MEDIA_BUCKET;
  if (inspection.format === 'mp3') {
    await s3Client().send(
      new CopyObjectCommand({
        Bucket,
        Key: targetKey,
        CopySource: `${Bucket}/${encodeURIComponent(sourceKey)}`,
        ContentType: 'audio/mpeg',
        MetadataDirective: 'REPLACE',
      }),
    );
    return { format: 'mp3', transcoded: false, bytes: source.size };
  }
  const bytes = await uploadStream(targetKey, encodeStreamingMp3(source, inspection.format), 'audio/mpeg');
  return { format: inspection.format, transcoded: true, bytes };
}

/** Samples of every channel, as floats in -1…1, all of one length. */
interface PcmBlock {
  sampleRate: number;
  channels: Float32Array[];
}

/** The MP3 of a lossless source, in chunks as lamejs writes them. */
export async function* encodeStreamingMp3(source: ByteSource, format: 'wav' | 'flac'): AsyncGenerator<Uint8Array> {
  // Loaded on first use, out of the cold start, as the FLAC decoder is: together they are 230 KB minified.
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  let encoder: Mp3Encoder | undefined;
  let shaper: Shaper | undefined;
  for await (const block of format === 'wav' ? wavPcm(source) : flacPcm(source)) {
    if (block.channels[0].length === 0) continue;
    shaper ??= new Shaper(block.sampleRate, block.channels.length);
    encoder ??= new Mp3Encoder(shaper.channels, shaper.outputRate, shaper.kbps);
    const [left, right] = shaper.shape(block.channels);
    for (let at = 0; at < left.length; at += ENCODE_BLOCK) {
      const out = encoder.encodeBuffer(left.subarray(at, at + ENCODE_BLOCK), right?.subarray(at, at + ENCODE_BLOCK));
      if (out.length > 0) yield bytesOf(out);
    }
  }
  if (!encoder) throw new Error('The source holds no samples');
  const last = encoder.flush();
  if (last.length > 0) yield bytesOf(last);
}

/** lamejs hands out Int8Arrays; the upload wants bytes. */
const bytesOf = (chunk: Uint8Array | Int8Array) => new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * What the encoder is fed: at most two channels (a surround master keeps its front pair), at an MP3 sample rate
 * (a high-resolution master is brought down by a whole factor: 96 kHz → 48 kHz, 88.2 kHz → 44.1 kHz), as 16-bit
 * integers. A decimation averages each group of samples, a gentle low-pass against aliasing.
 */
class Shaper {
  readonly channels: number;
  readonly outputRate: number;
  readonly kbps: number;
  private readonly factor: number;
  /** Samples of an unfinished group, carried to the next block. */
  private carry: Float32Array[];

  constructor(inputRate: number, inputChannels: number) {
    this.channels = Math.min(inputChannels, 2);
    const factor = mp3RateFactor(inputRate);
    if (!factor) throw new Error(`A sample rate of ${inputRate} Hz cannot be made into an MP3`);
    this.factor = factor;
    this.outputRate = inputRate / factor;
    // MPEG 2 and 2.5 (below 32 kHz) stop at 160 kbps.
    this.kbps = Math.min(this.channels === 1 ? STREAMING_KBPS.mono : STREAMING_KBPS.stereo, this.outputRate < 32_000 ? 160 : 320);
    this.carry = Array.from({ length: this.channels }, () => new Float32Array(0));
  }

  /** The block as 16-bit channels for the encoder: [left] or [left, right]. */
  shape(input: Float32Array[]): [Int16Array, Int16Array | undefined] {
    const [left, right] = input.slice(0, this.channels).map((samples, c) => this.toInt16(samples, c));
    return [left, right];
  }

  private toInt16(samples: Float32Array, channel: number): Int16Array {
    const toInt = (value: number) => Math.round((value > 1 ? 1 : value < -1 ? -1 : value) * 32_767);
    if (this.factor === 1) {
      const out = new Int16Array(samples.length);
      for (let i = 0; i < samples.length; i++) out[i] = toInt(samples[i]);
      return out;
    }
    const carry = this.carry[channel];
    const all = new Float32Array(carry.length + samples.length);
    all.set(carry);
    all.set(samples, carry.length);
    const out = new Int16Array(Math.floor(all.length / this.factor));
    for (let o = 0; o < out.length; o++) {
      let sum = 0;
      for (let k = 0; k < this.factor; k++) sum += all[o * this.factor + k];
      out[o] = toInt(sum / this.factor);
    }
    this.carry[channel] = all.slice(out.length * this.factor);
    return out;
  }
}

/** The samples of a WAV's data chunk, converted chunk by chunk as the ranged read delivers them. */
async function* wavPcm(source: ByteSource): AsyncGenerator<PcmBlock> {
  const layout = await readWavLayout(source);
  if (!('dataStart' in layout)) throw new Error('Not a readable WAV');
  const { channels, sampleRate, bitsPerSample, encoding, dataStart, dataBytes } = layout;
  const bytesPerSample = bitsPerSample / 8;
  const frameBytes = bytesPerSample * channels;
  let pending = Buffer.alloc(0);
  for await (const chunk of source.stream(dataStart, dataStart + dataBytes)) {
    const bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const frames = Math.floor(bytes.length / frameBytes);
    const out = Array.from({ length: channels }, () => new Float32Array(frames));
    const read = sampleReader(bytes, encoding, bitsPerSample);
    for (let c = 0; c < channels; c++) {
      const samples = out[c];
      for (let f = 0, at = c * bytesPerSample; f < frames; f++, at += frameBytes) samples[f] = read(at);
    }
    // Copied, so the leftover does not keep the whole network chunk alive.
    pending = Buffer.from(bytes.subarray(frames * frameBytes));
    yield { sampleRate, channels: out };
  }
}

/** Reads one sample at a byte offset as a float in -1…1 (one function per format, so the loop does not branch). */
function sampleReader(bytes: Buffer, encoding: 'int' | 'float', bits: number): (at: number) => number {
  if (encoding === 'float') return (at) => bytes.readFloatLE(at);
  if (bits === 8) return (at) => (bytes[at] - 128) / 128;
  if (bits === 16) return (at) => bytes.readInt16LE(at) / 32_768;
  if (bits === 24) return (at) => bytes.readIntLE(at, 3) / 8_388_608;
  return (at) => bytes.readInt32LE(at) / 2_147_483_648;
}

/** The samples of a FLAC, decoded as the ranged read delivers the file. */
async function* flacPcm(source: ByteSource): AsyncGenerator<PcmBlock> {
  const { FLACDecoder } = await import('@wasm-audio-decoders/flac');
  const decoder = new FLACDecoder();
  await decoder.ready;
  try {
    for await (const chunk of source.stream()) {
      const decoded = await decoder.decode(chunk);
      if (decoded.errors.length > 0) throw new Error(`The FLAC could not be decoded: ${decoded.errors[0].message}`);
      if (decoded.samplesDecoded > 0) yield { sampleRate: decoded.sampleRate, channels: decoded.channelData };
    }
    const rest = await decoder.flush();
    if (rest.samplesDecoded > 0) yield { sampleRate: rest.sampleRate, channels: rest.channelData };
  } finally {
    decoder.free();
  }
}
