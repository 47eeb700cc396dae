/**
 * A seeded track's lossless master: its recipe rendered to 16-bit mono PCM, sample for sample what its MP3 was
 * encoded from (infra/seed/media/mp3.ts), in a WAV file.
 */
import { frameCountFor, renderPcm, SAMPLE_RATE, SAMPLES_PER_FRAME, type AudioRecipe } from './audio.js';

export function wavHeader(dataBytes: number, sampleRate: number, channels: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The WAV of the recipe; `instrumental` leaves the lead melody out. */
export function renderWav(recipe: AudioRecipe, { instrumental = false } = {}): Uint8Array {
  // The same sample count the MP3 encoder was fed (mp3.ts renderAudio).
  const samples = (frameCountFor(recipe.durationSeconds) - 1) * SAMPLES_PER_FRAME;
  const pcm = renderPcm(recipe, samples, { instrumental });
  const header = wavHeader(pcm.byteLength, SAMPLE_RATE, 1);
  const bytes = new Uint8Array(header.length + pcm.byteLength);
  bytes.set(header, 0);
  bytes.set(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength), header.length);
  return bytes;
}
