import { describe, expect, it } from 'vitest';
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { project, type ViewStore } from '../../platform/projection.js';
import { albumKey } from '../../catalogue/projections/catalogue.js';
import { libraryProjection } from './library.js';

let eventNumber = 0;
const stored = (streamId: string, version: number, event: NewEvent, at: string): DomainEvent =>
  ({
    streamId,
    version,
    schemaVersion: 1,
    meta: { eventId: `e${++eventNumber}`, at, actor: 'u1', correlationId: 'c' },
    ...event,
  }) as DomainEvent;

const library = (version: number, event: NewEvent, at = `2026-03-01T10:00:0${version}.000Z`) => stored('library#u1', version, event, at);

/** The catalogue view as the catalogue projector leaves it: al1 and al3 by ar1, al2 by ar2. */
async function catalogue(store: ViewStore) {
  const albums = [
    { albumId: 'al1', artistId: 'ar1' },
    { albumId: 'al2', artistId: 'ar2' },
    { albumId: 'al3', artistId: 'ar1' },
  ];
  for (const { albumId, artistId } of albums) {
    await store.commit('catalogue', `album#${albumId}`, 0, 1, [
      { kind: 'put', item: { ...albumKey(albumId), id: albumId, artistId, artistName: `Artist ${artistId}` } },
    ]);
  }
}

async function deliver(events: DomainEvent[]) {
  const store = memoryViewStore();
  await catalogue(store);
  for (const event of events) await project(libraryProjection, store, event);
  return Object.fromEntries(Object.entries(store.snapshot()).filter(([key]) => !key.startsWith('album#')));
}

const entries = (views: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(views).map(([key, item]) => {
      const { pk: _pk, sk: _sk, v: _v, vStream: _vs, ...fields } = item as Record<string, unknown>;
      return [key, fields];
    }),
  );

describe('library projection', () => {
  const history = [
    library(1, { type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId: 'al1' } }),
    library(2, { type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId: 'al2' } }),
    library(3, { type: 'TrackFavorited', data: { userId: 'u1', trackId: 't1', albumId: 'al1' } }),
    library(4, { type: 'AlbumFavorited', data: { userId: 'u1', albumId: 'al2' } }),
    library(5, { type: 'LibraryAlbumRemoved', data: { userId: 'u1', albumId: 'al1' } }),
    library(6, { type: 'TrackFavorited', data: { userId: 'u1', trackId: 't2', albumId: 'al1' } }),
    library(7, { type: 'TrackUnfavorited', data: { userId: 'u1', trackId: 't1' } }),
    library(8, { type: 'AlbumUnfavorited', data: { userId: 'u1', albumId: 'al2' } }),
  ];

  it('keeps the albums and favourites that are still there, with when they were added', async () => {
    expect(entries(await deliver(history))).toEqual({
      'library#u1|album#al2': { albumId: 'al2', addedAt: '2026-03-01T10:00:02.000Z' },
      'library#u1|favorite#track#t2': { kind: 'track', trackId: 't2', albumId: 'al1', addedAt: '2026-03-01T10:00:06.000Z' },
      'artist-fans#ar2|user#u1': { artistId: 'ar2', userId: 'u1', albumIds: ['al2'] },
    });
  });

  describe('fans of an artist', () => {
    const added = (version: number, albumId: string) => library(version, { type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId } });
    const removed = (version: number, albumId: string) =>
      library(version, { type: 'LibraryAlbumRemoved', data: { userId: 'u1', albumId } });
    const fans = async (events: DomainEvent[]) =>
      Object.fromEntries(Object.entries(entries(await deliver(events))).filter(([key]) => key.startsWith('artist-fans#')));

    it('makes a listener a fan of the artist of each album they add', async () => {
      expect(await fans([added(1, 'al1'), added(2, 'al2'), added(3, 'al3')])).toEqual({
        'artist-fans#ar1|user#u1': { artistId: 'ar1', userId: 'u1', albumIds: ['al1', 'al3'] },
        'artist-fans#ar2|user#u1': { artistId: 'ar2', userId: 'u1', albumIds: ['al2'] },
      });
    });

    it('keeps them a fan while one album of the artist stays, and ends it with the last one', async () => {
      expect(await fans([added(1, 'al1'), added(2, 'al3'), removed(3, 'al1')])).toEqual({
        'artist-fans#ar1|user#u1': { artistId: 'ar1', userId: 'u1', albumIds: ['al3'] },
      });
      expect(await fans([added(1, 'al1'), added(2, 'al3'), removed(3, 'al1'), removed(4, 'al3')])).toEqual({});
      expect(await fans([added(1, 'al1'), removed(2, 'al1'), added(3, 'al1')])).toEqual({
        'artist-fans#ar1|user#u1': { artistId: 'ar1', userId: 'u1', albumIds: ['al1'] },
      });
    });

    it('counts a duplicated delivery once', async () => {
      const events = [added(1, 'al1'), added(2, 'al3'), removed(3, 'al1')];
      expect(await fans(events.flatMap((event) => [event, event]))).toEqual(await fans(events));
    });

    it('waits for an album the catalogue view does not hold yet', async () => {
      const store = memoryViewStore();
      await expect(project(libraryProjection, store, added(1, 'al9'))).rejects.toThrow(/al9 is not projected yet/);
      expect(await store.checkpoint(libraryProjection.name, 'library#u1')).toBe(0);
    });
  });

  it('applies a duplicated delivery once', async () => {
    const twice = history.flatMap((event) => [event, event]);
    expect(await deliver(twice)).toEqual(await deliver(history));
  });

  it('keeps one recently-played entry per track, at its newest play, for signed-in listeners only', async () => {
    const play = (stream: string, version: number, trackId: string, userId: string | null, at: string) =>
      stored(
        stream,
        version,
        {
          type: 'PlayRecorded',
          data: { trackId, albumId: 'al1', listenerId: userId ?? 'guest-1', userId, playDuration: 30, trackLength: 40 },
        },
        at,
      );
    const listened = (version: number, trackId: string, at: string) =>
      stored('listening#u1#2026-03-02', version, { type: 'TrackListened', data: { userId: 'u1', trackId, albumId: 'al1' } }, at);
    const views = await deliver([
      listened(1, 't1', '2026-03-02T08:00:00.000Z'),
      play('plays#u1#2026-03-02', 1, 't2', 'u1', '2026-03-02T08:05:00.000Z'),
      // An older play of t1, delivered late from another stream, does not move t1 back.
      play('plays#u1#2026-03-01', 1, 't1', 'u1', '2026-03-01T22:00:00.000Z'),
      listened(2, 't1', '2026-03-02T08:10:00.000Z'),
      play('plays#guest-1#2026-03-02', 1, 't3', null, '2026-03-02T08:11:00.000Z'),
    ]);
    expect(entries(views)).toEqual({
      'recent#u1|track#t1': {
        trackId: 't1',
        albumId: 'al1',
        playedAt: '2026-03-02T08:10:00.000Z',
        gsi1pk: 'recent#u1',
        gsi1sk: '2026-03-02T08:10:00.000Z#t1',
      },
      'recent#u1|track#t2': {
        trackId: 't2',
        albumId: 'al1',
        playedAt: '2026-03-02T08:05:00.000Z',
        gsi1pk: 'recent#u1',
        gsi1sk: '2026-03-02T08:05:00.000Z#t2',
      },
    });
  });
});
