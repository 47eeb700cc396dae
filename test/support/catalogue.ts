/** Fresh artists and releases for tests over HTTP: made through the admin routes and the commands the media intake runs. */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { s3Client } from '../../functions/platform/aws.js';
import { runReleaseCommand } from '../../functions/catalogue/catalogue-commands.js';
import { env } from '../../functions/platform/env.js';
import { mp3Bytes } from '../../functions/catalogue/media-intake/audio.fixtures.js';
import type { TestListener } from './signed-in.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

export const tag = () => randomUUID().slice(0, 8);
/** Released long ago, so the seeded label's newest-first lists (which other tests read) keep their order. */
export const OLD_DATE = '2001-02-03';

export async function newArtist(admin: TestListener, name = `Artist ${tag()}`) {
  const res = await admin.call('/api/admin/artists', { method: 'POST', json: { name, bio: 'Plays at night.', isMain: false } });
  expect(res.status).toBe(200);
  return res.body as { id: string; name: string };
}

/**
 * A draft with two processed tracks and artwork. Uploads and their processing are the media intake's (routes of their
 * own, test/integration/admin-uploads.test.ts): here the same commands record them, as the upload route and the
 * track intake do. With `playable`, each track's audio is a real MP3 of that many seconds where the player fetches it.
 */
export async function readyDraft(
  admin: TestListener,
  artistId: string,
  overrides: Record<string, unknown> = {},
  { playable }: { playable?: number } = {},
) {
  const title = `Release ${tag()}`;
  const created = await admin.call('/api/admin/albums', {
    method: 'POST',
    json: { artistId, title, albumType: 'EP', releaseDate: OLD_DATE, access: 'purchase_required', price: 8, memberPrice: 6, ...overrides },
  });
  expect(created.status).toBe(200);
  const albumId = created.body.id as string;
  const context = { actor: admin.userId, correlationId: `test-${albumId}`, eventStore: dynamoEventStore };
  const put = (key: string, seconds: number) =>
    s3Client().send(new PutObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, Body: mp3Bytes({ seconds }) }));
  for (const [i, trackId] of [`${albumId}-t1`, `${albumId}-t2`].entries()) {
    const track = { trackId, title: `Song ${i + 1}`, uploadKey: `masters/${albumId}/${trackId}.mp3` };
    const audioKey = `audio/private/${albumId}/${trackId}.mp3`;
    // A real upload where the track says it is: the track intake may take it in before the command below does.
    await put(track.uploadKey, playable ?? 1);
    if (playable) await put(audioKey, playable);
    await runReleaseCommand({ type: 'UploadTrack', albumId, track }, context);
    await runReleaseCommand(
      { type: 'ProcessTrack', albumId, trackId, format: 'mp3', duration: playable ?? 42, audioKey, masterKey: null },
      context,
    );
  }
  await runReleaseCommand({ type: 'ChangeDraft', albumId, changes: { artwork: `/media/images/artwork/${albumId}.jpg` } }, context);
  return { albumId, title };
}
