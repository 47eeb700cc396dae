import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeAlbumDetails, createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { albumData, artistData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';
import { api, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, signedInListener, type TestListener } from '../support/signed-in.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

beforeAll(() => useCloudEnv());

/** An album published at t0 for $9.99, repriced at t1 to $7.99 and at t2 to $6.99 and retitled, all by the admin. */
async function albumChangedTwice(admin: TestListener) {
  const tag = randomUUID().slice(0, 8);
  const artistId = `artist-history-${tag}`;
  const albumId = `album-history-${tag}`;
  const by = (at: string) => ({
    actor: admin.userId,
    correlationId: `history-${tag}-${at}`,
    at: new Date(at),
    eventStore: dynamoEventStore,
  });
  const t = ['2025-03-01T10:00:00.000Z', '2025-03-02T10:00:00.000Z', '2025-03-03T10:00:00.000Z'];
  await createArtist(artistData({ artistId, name: `History ${tag}` }), by(t[0]));
  // Track ids are global (the track view is keyed by them), so each album gets its own.
  const tracks = [trackData({ trackId: `track-history-${tag}` })];
  await publishAlbum(
    albumData({ albumId, artistId, title: 'Before', stripePriceDefault: 9.99, isAvailableForPurchase: true, tracks }),
    by(t[0]),
  );
  await changeAlbumDetails({ type: 'ChangeAlbumDetails', albumId, changes: { stripePriceDefault: 7.99 } }, by(t[1]));
  await changeAlbumDetails({ type: 'ChangeAlbumDetails', albumId, changes: { stripePriceDefault: 6.99, title: 'After' } }, by(t[2]));
  return { albumId, artistId, t };
}

describe('admin history', () => {
  it("shows an album's history newest first, who changed what and when, a page at a time", async () => {
    const admin = await signedInAdmin();
    const { albumId, t } = await albumChangedTwice(admin);
    const first = await admin.call(`/api/admin/history/album/${albumId}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.entries).toEqual([
      {
        version: 3,
        type: 'AlbumDetailsChanged',
        what: 'Title changed from "Before" to "After"; Price changed from $7.99 to $6.99',
        who: admin.displayName,
        by: 'admin',
        at: t[2],
      },
      { version: 2, type: 'AlbumDetailsChanged', what: 'Price changed from $9.99 to $7.99', who: admin.displayName, by: 'admin', at: t[1] },
    ]);
    expect(first.body.nextCursor).toBe('2');
    const second = await admin.call(`/api/admin/history/album/${albumId}?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({
      entries: [expect.objectContaining({ version: 1, type: 'AlbumPublished', what: 'Album "Before" published with 1 track', at: t[0] })],
      nextCursor: null,
    });
  });

  it('replays an album as it was between its two changes, before it existed, and now', async () => {
    const admin = await signedInAdmin();
    const { albumId, artistId } = await albumChangedTwice(admin);
    const between = await admin.call(`/api/admin/albums/${albumId}/as-of?at=${encodeURIComponent('2025-03-02T12:00:00+00:00')}`);
    expect(between.status).toBe(200);
    expect(between.body).toMatchObject({
      id: albumId,
      artistId,
      asOf: '2025-03-02T12:00:00.000Z',
      version: 2,
      status: 'live',
      title: 'Before',
      price: 7.99,
      tracks: [expect.objectContaining({ title: 'One' })],
    });
    const atPublish = await admin.call(`/api/admin/albums/${albumId}/as-of?at=2025-03-01T10:00:00.000Z`);
    expect(atPublish.body).toMatchObject({ version: 1, title: 'Before', price: 9.99 });
    const now = await admin.call(`/api/admin/albums/${albumId}/as-of?at=${new Date().toISOString()}`);
    expect(now.body).toMatchObject({ version: 3, title: 'After', price: 6.99 });
    const before = await admin.call(`/api/admin/albums/${albumId}/as-of?at=2025-02-28T00:00:00Z`);
    expect(before.status).toBe(404);
    expect((await admin.call(`/api/admin/albums/${albumId}/as-of?at=yesterday`)).status).toBe(400);
  });

  it("shows a person's and an artist's history, naming no one but admins", async () => {
    const admin = await signedInAdmin();
    const { artistId } = await albumChangedTwice(admin);
    const artist = await admin.call(`/api/admin/history/artist/${artistId}`);
    expect(artist.body.entries).toEqual([expect.objectContaining({ type: 'ArtistCreated', who: admin.displayName, by: 'admin' })]);

    const listener = await signedInListener();
    await listener.call(`/api/users/${listener.userId}`, { method: 'PUT', json: { displayName: 'Renamed' } });
    const person = await admin.call(`/api/admin/history/user/${listener.userId}`);
    expect(person.status).toBe(200);
    const [renamed] = person.body.entries;
    expect(renamed).toMatchObject({ type: 'ProfileChanged', who: 'listener', by: 'listener' });
    expect(renamed.what).toContain('"Renamed"');
    expect(JSON.stringify(person.body)).not.toContain(listener.email);
    // The listener opened the account themself.
    expect(person.body.entries.at(-1)).toMatchObject({ type: 'UserRegistered', who: 'listener', by: 'listener' });
    expect((await admin.call(`/api/admin/history/user/nobody-${randomUUID()}`)).status).toBe(404);
    expect((await admin.call(`/api/admin/history/playlist/${artistId}`)).status).toBe(400);
  });

  it('is for admins only', async () => {
    const listener = await signedInListener();
    expect((await api(`/api/admin/history/user/${listener.userId}`)).status).toBe(401);
    expect((await listener.call(`/api/admin/history/user/${listener.userId}`)).status).toBe(403);
    expect((await listener.call(`/api/admin/albums/album-paper-satellites/as-of?at=2025-01-01T00:00:00Z`)).status).toBe(403);
  });
});
