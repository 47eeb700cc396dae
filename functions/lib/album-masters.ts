/**
 * The lossless masters of an album's tracks, for its download ZIP: the WAVs the label uploaded to
 * `masters/<albumId>/<trackId>.wav` and `<trackId>.instrumental.wav` (the seed uploads the seeded label's).
 */
import { instrumentalKey, masterKey } from './media-keys.js';
import { objectExists, readObject } from './s3-stream.js';

async function uploaded(key: string): Promise<AsyncIterable<Uint8Array> | null> {
  return (await objectExists(key)) ? readObject(key) : null;
}

/** The track's WAV master as a stream, or null when there is none. */
export const wavMaster = (albumId: string, track: { trackId: string }) => uploaded(masterKey(albumId, track.trackId));

/** The track's instrumental WAV as a stream, or null when there is none. */
export const instrumentalMaster = (albumId: string, track: { trackId: string }) => uploaded(instrumentalKey(albumId, track.trackId));
