/**
 * The lossless masters of an album's tracks, for its download ZIP. A WAV the label uploaded to
 * `masters/<albumId>/<trackId>.wav` (and `<trackId>.instrumental.wav`) is used as it is. The seeded
 * label's music is synthesised from recipes (infra/seed), so its WAV is the same recipe rendered to
 * 16-bit PCM, sample for sample what its MP3 was encoded from, and its instrumental is that render
 * without the lead melody.
 */
import { media, type AudioMedia } from '../../infra/seed/catalogue.js';
import { frameCountFor, renderPcm, SAMPLE_RATE, SAMPLES_PER_FRAME } from '../../infra/seed/media/audio.js';
import { objectExists, readObject } from './s3-stream.js';

export const masterKey = (albumId: string, trackId: string) => `masters/${albumId}/${trackId}.wav`;
export const instrumentalKey = (albumId: string, trackId: string) => `masters/${albumId}/${trackId}.instrumental.wav`;

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

async function* renderedWav(recipe: AudioMedia, instrumental = false): AsyncGenerator<Uint8Array> {
  // The same sample count the MP3 encoder was fed (infra/seed/media/mp3.ts renderAudio).
  const samples = (frameCountFor(recipe.durationSeconds) - 1) * SAMPLES_PER_FRAME;
  const pcm = renderPcm(recipe, samples, { instrumental });
  yield wavHeader(pcm.byteLength, SAMPLE_RATE, 1);
  const bytes = new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  for (let i = 0; i < bytes.length; i += 1 << 20) yield bytes.subarray(i, i + (1 << 20));
}

const recipes = new Map(media.filter((m): m is AudioMedia => m.kind === 'audio').map((m) => [m.key, m]));

/** The track's WAV master as a stream, or null when there is none. */
export async function wavMaster(albumId: string, track: { trackId: string; audioKey: string | null }): Promise<AsyncIterable<Uint8Array> | null> {
  const uploaded = masterKey(albumId, track.trackId);
  if (await objectExists(uploaded)) return readObject(uploaded);
  const recipe = track.audioKey ? recipes.get(track.audioKey) : undefined;
  return recipe ? renderedWav(recipe) : null;
}

/** The track's instrumental WAV as a stream, or null when there is none. */
export async function instrumentalMaster(albumId: string, track: { trackId: string; audioKey: string | null }): Promise<AsyncIterable<Uint8Array> | null> {
  const uploaded = instrumentalKey(albumId, track.trackId);
  if (await objectExists(uploaded)) return readObject(uploaded);
  const recipe = track.audioKey ? recipes.get(track.audioKey) : undefined;
  return recipe ? renderedWav(recipe, true) : null;
}
