/**
 * Queue consumer: takes in each uploaded track (TrackUploaded). It reads the upload (inspectAudio): a file that is not
 * whole MP3, WAV or FLAC audio is refused with the reason the release form shows (TrackRefused). Otherwise it makes
 * the streaming MP3 (encoded from a lossless upload, copied from an MP3) under the private audio prefix, keeps a
 * lossless upload as the master the download ZIP reads, and records TrackProcessed with the format and duration.
 * A redelivery, or a track removed meanwhile, records nothing: the album's state says what is left to do. A file that
 * fails to process on every try (a decoder crash, a timeout) is refused on the last one, so the release form says so
 * and the admin can upload it again, instead of showing it as processing for ever while its message sits in the DLQ.
 */
import { CopyObjectCommand } from '@aws-sdk/client-s3';
import type { EventOf } from '../../../events/index.js';
import { s3Client } from '../../platform/aws.js';
import { loadAlbum, runReleaseCommand } from '../catalogue-commands.js';
import type { CommandContext } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { env } from '../../platform/env.js';
import { inspectAudio } from '../media-intake/audio.js';
import { makeStreamingMp3 } from '../media-intake/transcode.js';
import { GATED_AUDIO_PREFIX, losslessMasterKey } from '../../platform/media-keys.js';
import { giveUpOnLastTry, reactorConsumer, type Delivery } from '../../platform/reactor.js';

/** Every uploaded track streams from the private prefix: a draft's access may still change, and signed URLs serve any album. */
export const streamingKey = (albumId: string, trackId: string) => `${GATED_AUDIO_PREFIX}${albumId}/${trackId}.mp3`;

/** The form's message for a file that could not be processed on any try. */
export const UNPROCESSABLE_REASON = 'This file could not be processed. Upload it again, or export it again from your audio editor.';

async function takeIn(upload: EventOf<'TrackUploaded'>['data'], context: CommandContext, delivery: Delivery) {
  const { albumId, trackId } = upload;
  const album = await loadAlbum(albumId, context.eventStore);
  const track = album.exists && 'draft' in album ? album.tracks.find((t) => t.trackId === trackId) : undefined;
  if (!track || track.audioKey || track.refusal) return 'nothing to do';
  return giveUpOnLastTry(
    delivery,
    () => makeStreamingAudio(upload, context),
    async (error) => {
      await runReleaseCommand({ type: 'RefuseTrack', albumId, trackId, reason: UNPROCESSABLE_REASON }, context);
      return `refused after the last try (${(error as Error).message})`;
    },
  );
}

async function makeStreamingAudio(upload: EventOf<'TrackUploaded'>['data'], context: CommandContext) {
  const { albumId, trackId, uploadKey } = upload;
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

export const handler = reactorConsumer('track-intake', async (event, logger, delivery) => {
  if (event.type !== 'TrackUploaded') return;
  const context = {
    actor: 'track-intake',
    correlationId: event.meta.correlationId,
    causationId: event.meta.eventId,
    eventStore: dynamoEventStore,
  };
  const outcome = await takeIn(event.data, context, delivery);
  logger.info('track taken in', { albumId: event.data.albumId, trackId: event.data.trackId, outcome });
});
