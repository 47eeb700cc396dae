/**
 * Real audio files made in memory for the media intake tests: WAV (PCM or float), MP3 (lamejs, as the seed
 * encodes) and FLAC (a minimal writer: verbatim subframes, fixed 4096-sample blocks, correct CRCs).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Mp3Encoder } from '@breezystack/lamejs';
import { crc16, crc8 } from './flac-crc.js';

interface ToneSpec {
  seconds: number;
  sampleRate?: number;
  channels?: number;
}

/** A sine per channel (440 Hz, 660 Hz, …) at half scale, as floats in -1…1. */
function tone({ seconds, sampleRate = 44_100, channels = 2 }: ToneSpec): Float32Array[] {
  const frames = Math.round(seconds * sampleRate);
  return Array.from({ length: channels }, (_, c) => {
    const samples = new Float32Array(frames);
    for (let i = 0; i < frames; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * (440 + 220 * c) * i) / sampleRate);
    return samples;
  });
}

const toInt = (value: number, bits: number) => Math.round(value * (2 ** (bits - 1) - 1));

interface WavSpec extends ToneSpec {
  bitsPerSample?: 8 | 16 | 24 | 32;
  /** IEEE float samples (format 3, 32 bits) instead of PCM integers. */
  float?: boolean;
  /** Chunks written between `fmt ` and `data` (e.g. a LIST chunk), as [id, bytes]. */
  extraChunks?: [string, Uint8Array][];
}

/** What the intake reads of `wavBytes({ seconds })`: a lossless 44.1 kHz stereo WAV of that length. */
export const wavInspection = (seconds: number) =>
  ({ ok: true, format: 'wav', durationSeconds: seconds, sampleRate: 44_100, channels: 2, lossless: true }) as const;

export function wavBytes(spec: WavSpec): Buffer {
  const { sampleRate = 44_100, float = false, extraChunks = [] } = spec;
  const bits = float ? 32 : (spec.bitsPerSample ?? 16);
  const channels = tone(spec);
  const frames = channels[0].length;
  const blockAlign = (channels.length * bits) / 8;
  const data = Buffer.alloc(frames * blockAlign);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels.length; c++) {
      const at = i * blockAlign + (c * bits) / 8;
      const value = channels[c][i];
      if (float) data.writeFloatLE(value, at);
      else if (bits === 8) data.writeUInt8(toInt(value, 8) + 128, at);
      else data.writeIntLE(toInt(value, bits), at, bits / 8);
    }
  }
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(float ? 3 : 1, 0);
  fmt.writeUInt16LE(channels.length, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(bits, 14);
  const chunk = (id: string, body: Uint8Array) => {
    const header = Buffer.alloc(8);
    header.write(id, 0, 'ascii');
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
  };
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    chunk('fmt ', fmt),
    ...extraChunks.map(([id, bytes]) => chunk(id, bytes)),
    chunk('data', data),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

interface Mp3Spec extends ToneSpec {
  kbps?: number;
}

/**
 * Encoding is the slow part of a fixture (lamejs takes most of a second per second of sound, and each system test file
 * is a process of its own): each file of a given shape is encoded once on this machine and kept in `.local/test-audio`
 * (as the seed keeps its media in `.local/media-cache`), read once per process, and every caller gets its own copy of
 * the bytes to change as it likes.
 */
const encoded = new Map<string, Buffer>();
const keptDir = fileURLToPath(new URL('../../../.local/test-audio/', import.meta.url));
/** This module's own text is part of each kept file's name: a change to how fixtures are made makes them again. */
const maker = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex');

export function mp3Bytes(spec: Mp3Spec): Buffer {
  const key = JSON.stringify(spec);
  let bytes = encoded.get(key);
  if (!bytes) encoded.set(key, (bytes = keptMp3(key, () => encodeMp3(spec))));
  return Buffer.from(bytes);
}

/** The MP3 kept for `key`, or made and kept; written whole under another name first, so a reader never sees half. */
function keptMp3(key: string, make: () => Buffer): Buffer {
  const file = join(keptDir, `${createHash('sha256').update(`${maker} ${key}`).digest('hex').slice(0, 24)}.mp3`);
  try {
    return readFileSync(file);
  } catch {
    const bytes = make();
    mkdirSync(keptDir, { recursive: true });
    // A name of its own: threads of one process (the unit project's) may make the same file at once.
    const partial = `${file}.${randomUUID()}.part`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return bytes;
  }
}

function encodeMp3(spec: Mp3Spec): Buffer {
  const { sampleRate = 44_100, kbps = 128 } = spec;
  const channels = tone(spec).map((samples) => Int16Array.from(samples, (v) => toInt(v, 16)));
  const encoder = new Mp3Encoder(channels.length, sampleRate, kbps);
  const out: Uint8Array[] = [];
  const block = 1152 * 16;
  for (let at = 0; at < channels[0].length; at += block) {
    out.push(encoder.encodeBuffer(channels[0].subarray(at, at + block), channels[1]?.subarray(at, at + block)));
  }
  out.push(encoder.flush());
  // lamejs hands out Int8Arrays.
  return Buffer.concat(out.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
}

/** An ID3v2.3 tag holding one TIT2 (title) frame, as taggers put before an MP3's first frame. */
export function id3v2Tag(title: string): Buffer {
  const text = Buffer.concat([Buffer.from([0]), Buffer.from(title, 'latin1')]);
  const frame = Buffer.concat([Buffer.from('TIT2'), Buffer.from([0, 0, 0, text.length, 0, 0]), text]);
  const size = frame.length;
  const synchsafe = [(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f];
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, ...synchsafe]), frame]);
}

const FLAC_BLOCK = 4096;

/** The frame header codes of the common sample rates, as libFLAC writes them (decoders that never saw STREAMINFO need them). */
const FLAC_RATE_CODES: Record<number, number> = {
  88_200: 1,
  176_400: 2,
  192_000: 3,
  22_050: 6,
  24_000: 7,
  32_000: 8,
  44_100: 9,
  48_000: 10,
  96_000: 11,
};

/** FLAC's UTF-8-like coding of a frame number. */
function codedNumber(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  let rest = n;
  while (rest >= 0x40 >> bytes.length) {
    bytes.unshift(0x80 | (rest & 0x3f));
    rest = Math.floor(rest / 64);
  }
  const lead = (0xff00 >> (bytes.length + 1)) & 0xff;
  return [lead | rest, ...bytes];
}

interface FlacSpec extends ToneSpec {
  bitsPerSample?: 16 | 24;
}

export function flacBytes(spec: FlacSpec): Buffer {
  const { sampleRate = 44_100, bitsPerSample = 16 } = spec;
  const channels = tone(spec).map((samples) => Int32Array.from(samples, (v) => toInt(v, bitsPerSample)));
  const total = channels[0].length;
  const frames: Buffer[] = [];
  for (let first = 0, number = 0; first < total; first += FLAC_BLOCK, number++) {
    const size = Math.min(FLAC_BLOCK, total - first);
    // Block size 4096 has a code of its own (12); a shorter last block is written out in 16 bits (code 7).
    const header = [
      0xff,
      0xf8,
      ((size === FLAC_BLOCK ? 12 : 7) << 4) | FLAC_RATE_CODES[sampleRate],
      ((channels.length - 1) << 4) | ((bitsPerSample === 16 ? 4 : 6) << 1),
    ];
    header.push(...codedNumber(number));
    if (size !== FLAC_BLOCK) header.push((size - 1) >> 8, (size - 1) & 0xff);
    header.push(crc8(Uint8Array.from(header)));
    const bytesPerSample = bitsPerSample / 8;
    const body = Buffer.alloc(channels.length * (1 + size * bytesPerSample));
    let at = 0;
    for (const samples of channels) {
      body[at++] = 0x02; // verbatim subframe, no wasted bits
      for (let i = 0; i < size; i++, at += bytesPerSample) body.writeIntBE(samples[first + i], at, bytesPerSample);
    }
    const frame = Buffer.concat([Buffer.from(header), body]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(crc16(frame));
    frames.push(Buffer.concat([frame, crc]));
  }
  const info = Buffer.alloc(34);
  info.writeUInt16BE(FLAC_BLOCK, 0);
  info.writeUInt16BE(FLAC_BLOCK, 2);
  info.writeUIntBE(Math.min(...frames.map((f) => f.length)), 4, 3);
  info.writeUIntBE(Math.max(...frames.map((f) => f.length)), 7, 3);
  // 20 bits rate, 3 bits channels-1, 5 bits bits-1, 36 bits total samples; the MD5 stays zero (unknown).
  const packed = (BigInt(sampleRate) << 44n) | (BigInt(channels.length - 1) << 41n) | (BigInt(bitsPerSample - 1) << 36n) | BigInt(total);
  info.writeBigUInt64BE(packed, 10);
  return Buffer.concat([Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 34]), info, ...frames]);
}
