/** MP3 encoding of the seeded music (audio.ts renders it): mono, 44.1 kHz, 128 kbps CBR, no tag. */
import { Mp3Encoder } from '@breezystack/lamejs';
import { frameCountFor, renderPcm, SAMPLE_RATE, SAMPLES_PER_FRAME, type AudioRecipe } from './audio.js';

export const BITRATE_KBPS = 128;

export interface EncodedAudio {
  bytes: Uint8Array;
  /** Duration of the encoded stream, from its frame count. */
  durationSeconds: number;
}

/** Counts the MPEG audio frames of a file, walking frame headers from its first byte. */
export function countMp3Frames(bytes: Uint8Array): number {
  const kbpsByIndex = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  let offset = 0;
  let frames = 0;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff || (bytes[offset + 1] & 0xe0) !== 0xe0) {
      throw new Error(`No MP3 frame header at byte ${offset}`);
    }
    const kbps = kbpsByIndex[bytes[offset + 2] >> 4];
    const padding = (bytes[offset + 2] >> 1) & 1;
    offset += Math.floor((144000 * kbps) / SAMPLE_RATE) + padding;
    frames++;
  }
  return frames;
}

/** Renders and encodes one piece: mono, 44.1 kHz, 128 kbps constant bit rate, no tag. */
export function renderAudio(recipe: AudioRecipe): EncodedAudio {
  const frames = frameCountFor(recipe.durationSeconds);
  // The encoder writes ceil(samples / 1152) + 1 frames: its start-up delay spills into one extra frame.
  const pcm = renderPcm(recipe, (frames - 1) * SAMPLES_PER_FRAME);
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const chunks: Uint8Array[] = [];
  const chunkSamples = SAMPLES_PER_FRAME * 64;
  for (let offset = 0; offset < pcm.length; offset += chunkSamples) {
    chunks.push(encoder.encodeBuffer(pcm.subarray(offset, offset + chunkSamples)));
  }
  chunks.push(encoder.flush());
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  const written = countMp3Frames(bytes);
  if (written !== frames) throw new Error(`Encoder wrote ${written} frames for ${recipe.seed}, expected ${frames}`);
  return { bytes, durationSeconds: (written * SAMPLES_PER_FRAME) / SAMPLE_RATE };
}
