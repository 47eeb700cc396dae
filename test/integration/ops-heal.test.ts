/**
 * Heal and detect in the sync manager, over HTTP against the local cloud: a listener's library item corrupted by hand
 * (a field changed, a removed album put back) is found by the drift check of their stream, then healed by
 * re-projecting that stream, and the view is right afterwards; the heal is recorded under the operator's name.
 * Unknown projections and streams get 404, bad input 400, listeners 403.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { libraryStream } from '../../functions/library/domain/library.js';
import { dynamoClient } from '../../functions/platform/aws.js';
import { appendToStream, readStream } from '../../functions/platform/event-store.js';
import type { ViewItem } from '../../functions/platform/projection.js';
import { dynamoViewStore, tableOf } from '../../functions/platform/views.js';
import { libraryAlbumKey } from '../../functions/library/projections/library.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { newPerson } from '../support/commerce.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';

let admin: TestListener;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
});

const healPath = (projection: string, streamId: string) =>
  `/api/admin/ops/projections/${projection}/streams/${encodeURIComponent(streamId)}/heal`;
const heal = (projection: string, streamId: string) => admin.call(healPath(projection, streamId), { method: 'POST' });
const check = (json: unknown) => admin.call('/api/admin/ops/drift/check', { method: 'POST', json });
const corrupt = (item: ViewItem) => dynamoClient().send(new PutCommand({ TableName: tableOf(item), Item: item }));

describe('the sync manager: heal and detect', () => {
  it('finds a library item corrupted by hand, heals it by re-projecting its stream, and the view is right afterwards', async () => {
    const person = await newPerson('heal');
    const stream = libraryStream(person.userId);
    const [kept, removed] = seededAlbums.filter((a) => a.requiredTier === 'free' && !a.isDummyAlbum);
    await appendToStream(
      stream,
      0,
      [
        { type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId: kept.albumId } },
        { type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId: removed.albumId } },
        { type: 'LibraryAlbumRemoved', data: { userId: person.userId, albumId: removed.albumId } },
      ],
      { actor: person.userId, correlationId: `heal-${randomUUID()}` },
    );
    await eventually(async () => (await dynamoViewStore.checkpoint('library', stream)) === 3, 60_000, 300);
    const right = (await dynamoViewStore.get(libraryAlbumKey(person.userId, kept.albumId)))!;

    // The stream's page names the projections that can re-project it.
    const page = await admin.call(`/api/admin/ops/events?stream=${encodeURIComponent(stream)}`);
    expect(page.body.projections).toEqual(['library']);

    // Nothing differs before the views are touched.
    const clean = await check({ projection: 'library', streamIds: [stream] });
    expect(clean.status).toBe(200);
    expect(clean.body).toMatchObject({ differences: 0, projections: [{ projection: 'library', sampled: 1, streamsDrifted: 0 }] });

    await corrupt({ ...right, addedAt: '1999-01-01T00:00:00.000Z' });
    await corrupt({ ...libraryAlbumKey(person.userId, removed.albumId), albumId: removed.albumId, addedAt: right.addedAt });

    const drift = await check({ projection: 'library', streamIds: [stream] });
    expect(drift.status).toBe(200);
    expect(drift.body.differences).toBe(2);
    expect(drift.body.projections[0]).toMatchObject({ projection: 'library', sampled: 1, streamsDrifted: 1, differences: 2 });
    expect(drift.body.projections[0].examples).toEqual(
      expect.arrayContaining([
        {
          streamId: stream,
          ...libraryAlbumKey(person.userId, kept.albumId),
          field: 'addedAt',
          expected: JSON.stringify(right.addedAt),
          found: '"1999-01-01T00:00:00.000Z"',
        },
        { streamId: stream, ...libraryAlbumKey(person.userId, removed.albumId), field: null, expected: null, found: 'present' },
      ]),
    );
    // The console reads the latest result.
    const latest = await admin.call('/api/admin/ops/drift');
    expect(latest.status).toBe(200);
    expect(latest.body.report).toEqual(drift.body);

    const healed = await heal('library', stream);
    expect(healed.status).toBe(200);
    expect(healed.body).toMatchObject({ projection: 'library', streamId: stream, version: 3, from: 3 });
    expect(await dynamoViewStore.get(libraryAlbumKey(person.userId, kept.albumId))).toEqual(right);
    expect(await dynamoViewStore.get(libraryAlbumKey(person.userId, removed.albumId))).toBeUndefined();
    expect(((await person.api('/api/library/albums')).body as { id: string }[]).map((a) => a.id)).toEqual([kept.albumId]);
    expect((await check({ projection: 'library', streamIds: [stream] })).body.differences).toBe(0);

    // The live projector goes on from the head the heal left.
    await appendToStream(stream, 3, [{ type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId: removed.albumId } }], {
      actor: person.userId,
      correlationId: `heal-${randomUUID()}`,
    });
    await eventually(async () => (await dynamoViewStore.checkpoint('library', stream)) === 4, 60_000, 300);
    expect(await dynamoViewStore.get(libraryAlbumKey(person.userId, removed.albumId))).toMatchObject({ albumId: removed.albumId });

    const audit = (await readStream('ops#heal#library')).filter((e) => e.type === 'StreamHealed');
    expect(audit.some((e) => e.meta.actor === admin.userId && (e.data as { streamId: string }).streamId === stream)).toBe(true);
  }, 240_000);

  it('heals a stream whose projector is behind, and a sampled check runs over every projection and finds no drift', async () => {
    const person = await newPerson('heal-behind');
    const stream = libraryStream(person.userId);
    const [album] = seededAlbums.filter((a) => a.requiredTier === 'free' && !a.isDummyAlbum);
    await appendToStream(stream, 0, [{ type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId: album.albumId } }], {
      actor: person.userId,
      correlationId: `heal-${randomUUID()}`,
    });
    // Healed at once, perhaps before the projector: either way the view and the checkpoint end at the head, once.
    const healed = await heal('library', stream);
    expect(healed.status).toBe(200);
    expect(healed.body.version).toBe(1);
    await eventually(async () => (await dynamoViewStore.checkpoint('library', stream)) === 1, 30_000, 300);
    expect(await dynamoViewStore.get(libraryAlbumKey(person.userId, album.albumId))).toMatchObject({ albumId: album.albumId });

    const sampled = await check({ sample: 3 });
    expect(sampled.status).toBe(200);
    const drifts = sampled.body.projections as { projection: string; sampled: number; differences: number }[];
    expect(drifts.map((p) => p.projection)).toContain('library');
    expect(drifts.reduce((n, p) => n + p.sampled, 0)).toBeGreaterThan(0);
    // No false alarm where no test touched the views by hand (these tests and the console's heal only the library).
    expect(drifts.filter((p) => p.projection !== 'library' && p.differences > 0)).toEqual([]);
  }, 120_000);

  it('answers 404 for an unknown projection or stream, 400 for bad input, and 403 to a listener', async () => {
    const person = await newPerson('heal-bad');
    expect((await heal('no-such-projection', libraryStream(person.userId))).status).toBe(404);
    // A stream the projection does not read, and one with no events.
    expect((await heal('library', 'order#none')).status).toBe(404);
    expect((await heal('library', `library#nobody-${randomUUID()}`)).status).toBe(404);
    expect((await heal('library', 'no-hash-here')).status).toBe(400);
    expect((await heal('Library!', libraryStream(person.userId))).status).toBe(400);
    expect((await check({ projection: 'no-such-projection' })).status).toBe(404);
    for (const sample of [0, -1, 201, 1.5]) expect((await check({ sample })).status).toBe(400);
    expect((await check({ streamIds: [libraryStream(person.userId)] })).status).toBe(400);
    expect((await check({ projection: 'library', streamIds: ['bad'] })).status).toBe(400);
    expect((await person.api(healPath('library', libraryStream(person.userId)), { method: 'POST' })).status).toBe(403);
    expect((await person.api('/api/admin/ops/drift')).status).toBe(403);
  }, 120_000);
});
