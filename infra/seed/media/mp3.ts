/**
 * MP3 encoding of the seeded music (audio.ts renders it): mono, 44.1 kHz, 128 kbps CBR, no tag. The encoder is LAME
 * built to WebAssembly (wasm-media-encoders) rather than lamejs (the uploads' transcoder): a clean checkout's first
 * start encodes all of the seeded music, and LAME's own build does it in a fraction of lamejs's time.
 */
import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
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

/**
 * One encoder per thread, configured afresh for each piece. A piece runs from its configure to its finalize with no await
 * between, so two pieces encoded at once on a thread never interleave on it.
 */
let encoder: Promise<WasmMediaEncoder<'audio/mpeg'>> | undefined;

/** Renders and encodes one piece: mono, 44.1 kHz, 128 kbps constant bit rate, no tag. */
export async function renderAudio(recipe: AudioRecipe): Promise<EncodedAudio> {
  const frames = frameCountFor(recipe.durationSeconds);
  // The encoder writes ceil(samples / 1152) + 1 frames: its start-up delay spills into one extra frame.
  const pcm = renderPcm(recipe, (frames - 1) * SAMPLES_PER_FRAME);
  const mp3 = await (encoder ??= createMp3Encoder());
  mp3.configure({ channels: 1, sampleRate: SAMPLE_RATE, bitrate: BITRATE_KBPS });
  const chunks: Uint8Array[] = [];
  const chunkSamples = SAMPLES_PER_FRAME * 64;
  const floats = new Float32Array(chunkSamples);
  for (let offset = 0; offset < pcm.length; offset += chunkSamples) {
    const block = pcm.subarray(offset, offset + chunkSamples);
    for (let i = 0; i < block.length; i++) floats[i] = block[i] / 32768;
    // What encode and finalize answer is a view of the encoder's memory, reused by its next call: copied out.
    chunks.push(mp3.encode([floats.subarray(0, block.length)]).slice());
  }
  chunks.push(mp3.finalize().slice());
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
