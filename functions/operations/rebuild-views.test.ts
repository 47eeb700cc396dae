import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry, type DomainEvent } from '../../events/index.js';
import { consumers } from '../consumers.js';
import { memoryViewStore } from '../platform/memory-view-store.js';
import { project } from '../platform/projection.js';
import { inWrittenOrder, projectionsByConsumer, replay, upToFirstGap } from './rebuild-views.js';

const fixture = (type: string): DomainEvent => {
  const { stored } = JSON.parse(readFileSync(new URL(`../../events/fixtures/${type}.v1.json`, import.meta.url), 'utf8'));
  return registry.upcast(stored);
};
const at = (event: DomainEvent, iso: string): DomainEvent => ({ ...event, meta: { ...event.meta, at: iso } });

const projectors = consumers
  .filter((c) => c.streams.length > 0)
  .map((c) => ({ name: c.name, streams: c.streams, projection: projectionsByConsumer[c.name] }));

const artist = at(fixture('ArtistCreated'), '2026-11-01T10:00:00.000Z');
const album = at(fixture('AlbumPublished'), '2026-11-01T10:00:01.000Z');
const added = at(fixture('LibraryAlbumAdded'), '2026-11-01T10:00:02.000Z');

describe('rebuilding the views from the log', () => {
  it('knows the projection of every projector in the manifest', () => {
    for (const c of consumers.filter((x) => x.streams.length > 0)) expect(projectionsByConsumer[c.name], c.name).toBeDefined();
    expect(Object.keys(projectionsByConsumer).sort()).toEqual(projectors.map((p) => p.name).sort());
  });

  it('replays in written order: by time, each stream by version', () => {
    const second = { ...album, version: 2, meta: { ...album.meta, at: album.meta.at } };
    expect(inWrittenOrder([added, second, album, artist]).map((e) => `${e.streamId}:${e.version}`)).toEqual([
      'artist#artist-fixture:1',
      'album#album-fixture:1',
      'album#album-fixture:2',
      'library#user-fixture:1',
    ]);
  });

  it('keeps each stream up to its first missing version (a later event seen by a scan of a log still being written)', () => {
    const v = (event: DomainEvent, version: number) => ({ ...event, version });
    const { events, cut } = upToFirstGap([v(album, 4), v(album, 1), artist, v(album, 2), v(added, 2)]);
    expect(events.map((e) => `${e.streamId}:${e.version}`).sort()).toEqual([
      'album#album-fixture:1',
      'album#album-fixture:2',
      'artist#artist-fixture:1',
    ]);
    expect(cut).toEqual([
      { streamId: 'album#album-fixture', from: 3 },
      { streamId: 'library#user-fixture', from: 1 },
    ]);
  });

  it('keeps each stream in version order when a later version carries an earlier time (a command that lost the race)', () => {
    const v7 = at({ ...album, version: 2 }, '2026-11-01T10:00:05.000Z');
    const v8 = at({ ...album, version: 3 }, '2026-11-01T10:00:04.000Z');
    expect(inWrittenOrder([v8, artist, v7, album]).map((e) => `${e.streamId}:${e.version}`)).toEqual([
      'artist#artist-fixture:1',
      'album#album-fixture:1',
      'album#album-fixture:2',
      'album#album-fixture:3',
    ]);
  });

  it('gives the views the live projectors give, in order', async () => {
    const live = memoryViewStore();
    for (const event of [artist, album, added]) {
      for (const p of projectors) if (p.streams.includes(event.streamId.split('#')[0])) await project(p.projection, live, event);
    }
    const { store, stuck } = await replay([added, album, artist], projectors);
    expect(stuck).toEqual([]);
    expect(store.snapshot()).toEqual(live.snapshot());
    expect(Object.keys(store.snapshot())).toContain('artist-fans#artist-fixture|user#user-fixture');
  });

  it('waits on what a projection reads: a library event stamped before its album (clock skew) applies once the album is there', async () => {
    const early = at(added, '2026-11-01T09:59:59.000Z');
    const { store, stuck } = await replay([artist, album, early], projectors);
    expect(stuck).toEqual([]);
    expect(Object.keys(store.snapshot())).toContain('artist-fans#artist-fixture|user#user-fixture');
  });

  it('reports a stream it can never apply instead of hiding it', async () => {
    const orphan = at(
      { ...added, streamId: 'library#user-2', data: { userId: 'user-2', albumId: 'album-missing' } } as DomainEvent,
      '2026-11-01T10:00:03.000Z',
    );
    const { stuck } = await replay([artist, album, orphan], projectors);
    expect(stuck).toEqual([expect.objectContaining({ projection: 'library', streamId: 'library#user-2' })]);
  });
});
