import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events/index.js';
import { storedEvent } from '../platform/stored-event.fixtures.js';
import { artistKey, albumKey } from '../catalogue/projections/catalogue.js';
import { catalogueProjection } from '../catalogue/projections/catalogue.js';
import { artistFanKey, favoriteTrackKey, libraryAlbumKey, libraryProjection, recentTrackKey } from '../library/projections/library.js';
import { memoryViewStore } from '../platform/memory-view-store.js';
import { project, viewKeyId } from '../platform/projection.js';
import { searchKey, searchProjection } from '../search/projections/search.js';
import { statementMonthPartition, statementsProjection } from '../statements/projections/statements.js';
import { compareImage, storedItems } from './drift.js';
import { healOps, streamImage } from './heal.js';

const stored = (streamId: string, version: number, event: NewEvent) =>
  storedEvent(streamId, version, event, `2026-03-01T10:00:0${version}.000Z`);

/** Live views: the catalogue, and u1's items as drift left them (a fan item with an album they removed, a favourite they dropped). */
async function liveViews() {
  const live = memoryViewStore();
  await live.commit('catalogue', 'album#al1', 0, 1, [{ kind: 'put', item: { ...albumKey('al1'), id: 'al1', artistId: 'ar1' } }]);
  await live.commit('catalogue', 'album#al2', 0, 1, [{ kind: 'put', item: { ...albumKey('al2'), id: 'al2', artistId: 'ar1' } }]);
  await live.commit('library', 'library#u1', 0, 3, [
    { kind: 'put', item: { ...artistFanKey('ar1', 'u1'), artistId: 'ar1', userId: 'u1', albumIds: ['al1', 'al2'] } },
    { kind: 'put', item: { ...favoriteTrackKey('u1', 't9'), kind: 'track', trackId: 't9', albumId: 'al1', addedAt: 'x' } },
    { kind: 'put', item: { ...recentTrackKey('u1', 't1'), trackId: 't1', albumId: 'al1', playedAt: '2026-03-02T00:00:00.000Z' } },
  ]);
  return live;
}

const history = [
  stored('library#u1', 1, { type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId: 'al1' } }),
  stored('library#u1', 2, { type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId: 'al2' } }),
  stored('library#u1', 3, { type: 'LibraryAlbumRemoved', data: { userId: 'u1', albumId: 'al2' } }),
];

describe('a stream re-projected in memory over the live views', () => {
  it("starts the stream's own items empty, so what is stored cannot leak into them, and reads other views live", async () => {
    const image = await streamImage(libraryProjection, history, await liveViews());
    const byKey = new Map(image.items.map((i) => [`${i.key.pk}|${i.key.sk}`, i]));
    const fan = byKey.get(`${artistFanKey('ar1', 'u1').pk}|${artistFanKey('ar1', 'u1').sk}`)!;
    expect(fan.item).toMatchObject({ albumIds: ['al1'], artistId: 'ar1', userId: 'u1', v: 3 });
    expect(fan.fields).toEqual(['albumIds', 'artistId', 'userId', 'v', 'vStream']);
    expect(byKey.get(`${libraryAlbumKey('u1', 'al1').pk}|${libraryAlbumKey('u1', 'al1').sk}`)!.item).toMatchObject({ albumId: 'al1' });
    expect(byKey.get(`${libraryAlbumKey('u1', 'al2').pk}|${libraryAlbumKey('u1', 'al2').sk}`)!.item).toBeNull();
  });

  it('heals by setting the stream’s fields and deleting what it deleted, leaving items it never wrote alone', async () => {
    const ops = healOps(await streamImage(libraryProjection, history, await liveViews()));
    expect(ops).toContainEqual({ kind: 'delete', key: libraryAlbumKey('u1', 'al2') });
    expect(ops).toContainEqual(
      expect.objectContaining({ kind: 'update', key: artistFanKey('ar1', 'u1'), set: expect.objectContaining({ albumIds: ['al1'] }) }),
    );
    // The dropped favourite is no item of this history: a heal does not guess at it.
    expect(ops.some((op) => op.kind !== 'put' && op.key.sk === favoriteTrackKey('u1', 't9').sk)).toBe(false);
  });

  it('keeps a play with its condition, and leaves out the counters other streams add to', async () => {
    const plays = [
      stored('plays#u1#2026-03-01', 1, {
        type: 'PlayRecorded',
        data: { trackId: 't1', albumId: 'al1', listenerId: 'u1', userId: 'u1', playDuration: 30, trackLength: 200 },
      }),
    ];
    const image = await streamImage(libraryProjection, plays, await liveViews());
    // The live play is newer: this stream's play loses, as it did in the projector.
    expect(image.keeps).toEqual([]);
    const live = memoryViewStore();
    const fresh = await streamImage(libraryProjection, plays, live);
    expect(fresh.keeps).toEqual([expect.objectContaining({ keep: { field: 'playedAt', winner: 'highest' } })]);

    const album = await streamImage(
      catalogueProjection,
      [
        stored('artist#ar1', 1, {
          type: 'ArtistCreated',
          data: { artistId: 'ar1', name: 'A', bio: null, avatar: null, headerImage: null, isMain: false, socialLinks: {} },
        }),
        stored('artist#ar1', 2, { type: 'ArtistDetailsChanged', data: { artistId: 'ar1', changes: { name: 'B' } } }),
      ],
      memoryViewStore(),
    );
    const artist = album.items.find((i) => i.key.pk === artistKey('ar1').pk)!;
    expect(artist.item).toMatchObject({ name: 'B', id: 'ar1' });
    expect(artist.fields).not.toContain('albumCount');
  });

  it('replays an item the stream first updates and puts later as the stream made it, not as the live view shows it now', async () => {
    // A draft playlist is given tracks while hidden, then published: its searched document is put by the publish. Live,
    // it is published now, so a replay that read the live view before its own put would give the tracks to it instead.
    const tracks = [
      { trackId: 't1', albumId: 'al1' },
      { trackId: 't2', albumId: 'al1' },
    ];
    const events = [
      stored('playlist#p1', 1, {
        type: 'PlaylistCreated',
        data: { playlistId: 'p1', name: 'Mornings', description: '', tracks: [], published: false },
      }),
      stored('playlist#p1', 2, { type: 'PlaylistTracksSet', data: { playlistId: 'p1', tracks } }),
      stored('playlist#p1', 3, { type: 'PlaylistPublished', data: { playlistId: 'p1' } }),
    ];
    const live = memoryViewStore();
    await live.commit('search', 'album#al1', 0, 1, [
      { kind: 'put', item: { ...searchKey('album', 'al1'), type: 'album', id: 'al1', artwork: 'cover.jpg', trackIds: ['t1', 't2'] } },
    ]);
    for (const event of events) await project(searchProjection, live, event);
    expect(await live.get(searchKey('playlist', 'p1'))).toMatchObject({ trackCount: 2, artwork: 'cover.jpg' });

    const image = await streamImage(searchProjection, events, live);
    const searched = image.items.find((i) => viewKeyId(i.key) === viewKeyId(searchKey('playlist', 'p1')))!;
    expect(searched.item).toMatchObject({ trackCount: 2, artwork: 'cover.jpg', name: 'Mornings' });
    expect(compareImage('playlist#p1', image, await storedItems(image, live))).toEqual([]);
  });

  it('replays a sale of a month closed after it into that month, where it was projected, not into the next', async () => {
    const sale = stored('order#o1', 1, {
      type: 'PurchaseCompleted',
      data: {
        orderId: 'o1',
        userId: 'u1',
        email: null,
        album: { albumId: 'al1', title: 'One', artistName: null, artwork: null, price: 8 },
        stripeSessionId: 'cs',
        stripeEventId: 'evt',
        albumsInOrder: 1,
      },
    });
    const live = await liveViews();
    await project(statementsProjection, live, sale);
    await project(statementsProjection, live, {
      ...stored('statement#2026-03', 1, { type: 'StatementClosed', data: { month: '2026-03' } }),
      meta: { eventId: 'close', at: '2026-04-01T09:00:00.000Z', actor: 'admin', correlationId: 'c' },
    });

    const image = await streamImage(statementsProjection, [sale], live);
    expect(image.items.map((i) => i.key.pk)).toEqual([statementMonthPartition('2026-03')]);
    expect(compareImage('order#o1', image, await storedItems(image, live))).toEqual([]);
  });
});
