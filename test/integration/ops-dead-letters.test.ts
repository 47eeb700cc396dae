/**
 * The sync manager over HTTP against the local cloud: a poison event reaches the library projector's DLQ and shows
 * with its error and the stream it holds; once the cause is fixed (the album it needs is published) it is redriven,
 * recorded as the admin's action, and the view is right. Bad input is refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeadLetter, RecentError } from '../../functions/operations/contract/admin-ops.js';
import { albumData, artistData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';
import { libraryStream } from '../../functions/library/domain/library.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { appendToStream, readStream, dynamoEventStore } from '../../functions/platform/event-store.js';
import { dynamoViewStore } from '../../functions/platform/views.js';
import { consumers } from '../../functions/consumers.js';
import { deadLetterQueueUrl, receiveHeld, release } from '../../functions/operations/queues.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { newPerson } from '../support/commerce.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';

let admin: TestListener;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
});

const deadLetters = async (consumer: string) => {
  const res = await admin.call(`/api/admin/ops/consumers/${consumer}/dead-letters`);
  expect(res.status).toBe(200);
  return res.body as {
    depth: number;
    messages: DeadLetter[];
    heldStreams: { streamId: string; heldBy: string; heldVersion: number; appliedVersion: number; waitingBehind: number }[];
  };
};

const redrive = (consumer: string, json: unknown) =>
  admin.call(`/api/admin/ops/consumers/${consumer}/dead-letters/redrive`, { method: 'POST', json });

describe('the sync manager: dead letters', () => {
  it('shows a poison event with its error and the stream it holds, then redrives it once fixed, and the view is right', async () => {
    const tag = randomUUID().slice(0, 8);
    const person = await newPerson('held');
    const stream = libraryStream(person.userId);
    const albumId = `album-ops-${tag}`;
    const other = seededAlbums.find((a) => a.requiredTier === 'free' && !a.isDummyAlbum)!;
    // Written as a buggy writer could: the album is added before the catalogue has it, so the library projector
    // cannot place it (it needs the album's artist) and every try fails; the next event of the stream waits behind it.
    await appendToStream(
      stream,
      0,
      [
        { type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId } },
        { type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId: other.albumId } },
      ],
      { actor: person.userId, correlationId: `ops-${tag}` },
    );

    const parked = await eventually(async () => (await deadLetters('library')).messages.find((m) => m.streamId === stream), 90_000, 1_000);
    expect(parked).toMatchObject({ eventType: 'LibraryAlbumAdded', streamId: stream, version: 1, receiveCount: 5 });
    expect(parked.error).toContain(`Album ${albumId} is not projected yet`);
    const listed = await deadLetters('library');
    expect(listed.heldStreams.find((h) => h.streamId === stream)).toEqual({
      streamId: stream,
      appliedVersion: 0,
      heldBy: parked.messageId,
      heldVersion: 1,
      waitingBehind: 1,
    });

    const status = await admin.call('/api/admin/ops/consumers');
    expect(status.status).toBe(200);
    const library = (
      status.body as { consumers: { name: string; deadLetters: number; health: string; errorRate: number; lag: unknown[] }[] }
    ).consumers.find((c) => c.name === 'library')!;
    expect(library.deadLetters).toBeGreaterThanOrEqual(1);
    expect(library.health).toBe('failing');
    expect(library.lag.length).toBeGreaterThan(0);
    // Its failed tries are among the app's latest errors, with the stream and version of the event that failed and the
    // correlation id of the request that appended it.
    expect((status.body as { latestErrors: RecentError[] }).latestErrors).toContainEqual(
      expect.objectContaining({
        source: 'library',
        stream,
        version: 1,
        correlationId: `ops-${tag}`,
        error: expect.stringContaining(`Album ${albumId} is not projected yet`),
      }),
    );

    // The fix: the album the event needs is published, as a catalogue view catching up would have it.
    const artistId = `artist-ops-${tag}`;
    const context = { actor: 'test', correlationId: `ops-fix-${tag}`, eventStore: dynamoEventStore };
    await createArtist(artistData({ artistId, name: `Ops ${tag}`, isMain: false }), context);
    await publishAlbum(
      albumData({ albumId, artistId, title: `Parked ${tag}`, tracks: [trackData({ trackId: `${albumId}-t1`, duration: 30 })] }),
      context,
    );
    await eventually(async () => (await api(`/api/albums/${albumId}`)).status === 200, 30_000, 200);

    const dryRun = await redrive('library', { ids: [parked.messageId], ratePerSecond: 5, dryRun: true });
    expect(dryRun).toMatchObject({ status: 200, body: { dryRun: true, count: 1, moved: 0 } });
    expect((await deadLetters('library')).messages.map((m) => m.messageId)).toContain(parked.messageId);
    // A letter another reader holds for a moment (the console's list refreshing) is looked for again: not a 404.
    const dlq = await deadLetterQueueUrl(consumers.find((c) => c.name === 'library')!);
    const heldByList = await receiveHeld(dlq, 20);
    expect(heldByList.map((m) => m.MessageId)).toContain(parked.messageId);
    const [whileHeld] = await Promise.all([
      redrive('library', { ids: [parked.messageId], ratePerSecond: 5, dryRun: true }),
      new Promise((resolve) => setTimeout(resolve, 800)).then(() => release(dlq, heldByList)),
    ]);
    expect(whileHeld).toMatchObject({ status: 200, body: { dryRun: true, count: 1, moved: 0 } });

    // Redriven stream head by stream head: the second event, if it was parked behind the first meanwhile, goes back after it.
    const albums = await eventually(
      async () => {
        const head = (await deadLetters('library')).messages.find((m) => m.streamId === stream);
        if (head) {
          const res = await redrive('library', { ids: [head.messageId], ratePerSecond: 20, dryRun: false });
          expect(res).toMatchObject({ status: 200, body: { count: 1, moved: 1, remaining: 0 } });
        }
        const ids = ((await person.api('/api/library/albums')).body as { id: string }[]).map((a) => a.id);
        // Done when the projector has applied both events (the API answers from the stream while the view lags, and
        // the second event may still be failing in the queue, behind the first, before it parks too) and none is parked.
        const applied = await dynamoViewStore.checkpoint('library', stream);
        const parkedLeft = (await deadLetters('library')).messages.some((m) => m.streamId === stream);
        return ids.includes(albumId) && ids.includes(other.albumId) && applied === 2 && !parkedLeft && ids;
      },
      240_000,
      1_000,
    );
    expect(albums).toEqual(expect.arrayContaining([albumId, other.albumId]));

    const audit = (await readStream('ops#dead-letters#library')).filter((e) => e.type === 'DeadLettersRedriven');
    expect(
      audit.some((e) => e.meta.actor === admin.userId && (e.data as { messageIds: string[] }).messageIds.includes(parked.messageId)),
    ).toBe(true);
  }, 480_000);

  it('answers 404 for an unknown consumer or message id, and 400 for a rate of 0, a negative one or one above 100/s', async () => {
    expect((await admin.call('/api/admin/ops/consumers/no-such-consumer/dead-letters')).status).toBe(404);
    expect((await redrive('no-such-consumer', { ids: 'all', ratePerSecond: 1, dryRun: true })).status).toBe(404);
    const unknown = await redrive('library', { ids: [`no-such-message-${randomUUID()}`], ratePerSecond: 1, dryRun: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBeTruthy();
    for (const ratePerSecond of [0, -1, 101])
      expect((await redrive('library', { ids: 'all', ratePerSecond, dryRun: true })).status).toBe(400);
    expect((await redrive('library', { ids: 'all', ratePerSecond: 100, dryRun: true })).status).toBe(200);
  });
});
