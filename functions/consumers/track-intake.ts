/**
 * Queue consumer: takes in each uploaded track (TrackUploaded). It reads the upload (inspectAudio): a file that is not
 * whole MP3, WAV or FLAC audio is refused with the reason the release form shows (TrackRefused). Otherwise it makes
 * the streaming MP3 (encoded from a lossless upload, copied from an MP3) under the private audio prefix, keeps a
 * lossless upload as the master the download ZIP reads, and records TrackProcessed with the format and duration.
 * A redelivery, or a track removed meanwhile, records nothing: the album's state says what is left to do.
 */
import { CopyObjectCommand } from '@aws-sdk/client-s3';
import type { EventOf } from '../../events/index.js';
import { s3Client } from '../lib/aws.js';
import { loadAlbum, runReleaseCommand } from '../lib/catalogue-commands.js';
import { env } from '../lib/env.js';
import { inspectAudio } from '../lib/media-intake/audio.js';
import { makeStreamingMp3 } from '../lib/media-intake/transcode.js';
import { GATED_AUDIO_PREFIX, losslessMasterKey } from '../lib/media-keys.js';
import { reactorConsumer } from '../lib/reactor.js';

/** Every uploaded track streams from the private prefix: a draft's access may still change, and signed URLs serve any album. */
export const streamingKey = (albumId: string, trackId: string) => `${GATED_AUDIO_PREFIX}${albumId}/${trackId}.mp3`;

async function takeIn(upload: EventOf<'TrackUploaded'>['data'], context: { actor: string; correlationId: string; causationId: string }) {
  const { albumId, trackId, uploadKey } = upload;
  const album = await loadAlbum(albumId);
  const track = album.exists && 'draft' in album ? album.tracks.find((t) => t.trackId === trackId) : undefined;
  if (!track || track.audioKey || track.refusal) return 'nothing to do';

  const inspection = await inspectAudio(uploadKey);
  if (!inspection.ok) {
    await runReleaseCommand({ type: 'RefuseTrack', albumId, trackId, reason: inspection.reason }, context);
    return 'refused';
  }
  const audioKey = streamingKey(albumId, trackId);
  await makeStreamingMp3({ sourceKey: uploadKey, targetKey: audioKey });
  let masterKey: string | null = null;
  if (inspection.lossless) {
    // The master is where the ZIP looks for it, named by what the file is (the browser's content type may have said otherwise).
    masterKey = losslessMasterKey(albumId, trackId, inspection.format === 'flac' ? 'flac' : 'wav');
    if (masterKey !== uploadKey) {
      const Bucket = env().MEDIA_BUCKET;
      await s3Client().send(new CopyObjectCommand({ Bucket, Key: masterKey, CopySource: `${Bucket}/${encodeURIComponent(uploadKey)}` }));
    }
  }
  const { format, durationSeconds: duration } = inspection;
  await runReleaseCommand({ type: 'ProcessTrack', albumId, trackId, format, duration, audioKey, masterKey }, context);
  return 'processed';
}

export const handler = reactorConsumer('track-intake', async (event, logger) => {
  if (event.type !== 'TrackUploaded') return;
  const outcome = await takeIn(event.data, {
    actor: 'track-intake',
    correlationId: event.meta.correlationId,
    causationId: event.meta.eventId,
  });
  logger.info('track taken in', { albumId: event.data.albumId, trackId: event.data.trackId, outcome });
});
