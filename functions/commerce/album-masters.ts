/**
 * The lossless masters of an album's tracks, for its download ZIP: the WAV (or, uploaded as such, FLAC) masters at
 * `masters/<albumId>/<trackId>.wav|.flac` and instrumentals at `<trackId>.instrumental.wav` (the seed uploads the
 * seeded label's; the media intake keeps an uploaded track's).
 */
import { instrumentalKey, losslessMasterKey } from '../platform/media-keys.js';
import { objectExists, readObject } from '../platform/s3-stream.js';

async function uploaded(key: string): Promise<AsyncIterable<Uint8Array> | null> {
  return (await objectExists(key)) ? readObject(key) : null;
}

/** The track's lossless master as a stream with its format, or null when there is none. */
export async function losslessMaster(
  albumId: string,
  track: { trackId: string },
): Promise<{ format: 'wav' | 'flac'; data: AsyncIterable<Uint8Array> } | null> {
  for (const format of ['wav', 'flac'] as const) {
    const data = await uploaded(losslessMasterKey(albumId, track.trackId, format));
    if (data) return { format, data };
  }
  return null;
}

/** The track's instrumental WAV as a stream, or null when there is none. */
export const instrumentalMaster = (albumId: string, track: { trackId: string }) => uploaded(instrumentalKey(albumId, track.trackId));
