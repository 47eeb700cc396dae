import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { StreamGapError, project } from '../../platform/projection.js';
import { albumData, artistData, trackData } from '../../catalogue/domain/catalogue.fixtures.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { playlistsProjection } from '../../catalogue/projections/playlists.js';
import { searchProjection } from './search.js';

const stored = (streamId: string, version: number, event: NewEvent): DomainEvent =>
  ({
    streamId,
    version,
    schemaVersion: 1,
    meta: { eventId: `${streamId}:${version}`, at: '2026-01-01T00:00:00.000Z', actor: 'seed', correlationId: 'c' },
    ...event,
  }) as DomainEvent;

const artist = artistData({ bio: 'Synths at night.', avatar: '/media/a1.png' });
const album = albumData({
  artwork: '/media/al1.png',
  tracks: [
    trackData({ trackId: 't1', title: 'One', trackNumber: 1, duration: 20, audioKey: 'a/t1.mp3' }),
    trackData({ trackId: 't2', title: 'Two', trackNumber: 2, duration: 30, audioKey: 'a/t2.mp3' }),
  ],
});
const playlist: EventOf<'PlaylistCreated'>['data'] = {
  playlistId: 'p1',
  name: 'Night Drive',
  description: 'Songs for the road.',
  tracks: [{ trackId: 't2', albumId: 'al1' }],
  published: true,
};

const history = [
  stored('artist#a1', 1, { type: 'ArtistCreated', data: artist }),
  stored('album#al1', 1, { type: 'AlbumPublished', data: album }),
  stored('album#al1', 2, {
    type: 'AlbumDetailsChanged',
    data: { albumId: 'al1', changes: { title: 'First (Deluxe)', description: 'More.' } },
  }),
  stored('playlist#p1', 1, { type: 'PlaylistCreated', data: playlist }),
];

/** Delivers every event, retrying those that must wait for another stream, like the queue does. */
async function deliver(events: DomainEvent[]) {
  const store = memoryViewStore();
  const queue = [...events];
  for (let guard = 0; queue.length; guard++) {
    if (guard > 1000) throw new Error('delivery never settled');
    const event = queue.shift()!;
    try {
      for (const p of [searchProjection, playlistsProjection]) await project(p, store, event);
    } catch {
      queue.push(event);
    }
  }
  return store.snapshot();
}

describe('search projection', () => {
  it('holds a document per artist, album, track and playlist, with album changes carried to its tracks', async () => {
    const views = await deliver(history);
    expect(views['search|artist#a1']).toMatchObject({ type: 'artist', name: 'Nova', bio: 'Synths at night.', avatar: '/media/a1.png' });
    expect(views['search|album#al1']).toMatchObject({ type: 'album', title: 'First (Deluxe)', artistName: 'Nova', trackIds: ['t1', 't2'] });
    expect(views['search|track#t2']).toMatchObject({
      type: 'track',
      title: 'Two',
      albumTitle: 'First (Deluxe)',
      artistName: 'Nova',
      artwork: '/media/al1.png',
    });
    expect(views['search|playlist#p1']).toMatchObject({ type: 'playlist', name: 'Night Drive', trackCount: 1, artwork: '/media/al1.png' });
  });

  it('yields the same views whatever the order of the streams, waiting for what it needs', async () => {
    const reversed = [history[3], history[1], history[2], history[0]];
    expect(await deliver(reversed)).toEqual(await deliver(history));
  });

  it('refuses to skip a version of a stream', async () => {
    const store = memoryViewStore();
    await project(searchProjection, store, history[0]);
    await expect(project(searchProjection, store, history[2])).rejects.toBeInstanceOf(StreamGapError);
  });
});

describe('playlists projection', () => {
  it('lists a playlist by name with its tracks', async () => {
    const views = await deliver(history);
    expect(views['playlist#p1|playlist']).toMatchObject({
      id: 'p1',
      name: 'Night Drive',
      description: 'Songs for the road.',
      tracks: [{ trackId: 't2', albumId: 'al1' }],
      gsi1pk: 'playlists',
      gsi1sk: 'night drive#p1',
    });
  });
});

describe('a playlist the staff curate', () => {
  const draft = stored('playlist#p2', 1, {
    type: 'PlaylistCreated',
    data: { playlistId: 'p2', name: 'Slow Mornings', description: '', tracks: [], published: false },
  });
  const curated = [
    ...history,
    draft,
    stored('playlist#p2', 2, { type: 'PlaylistTracksSet', data: { playlistId: 'p2', tracks: [{ trackId: 't1', albumId: 'al1' }] } }),
    stored('playlist#p2', 3, { type: 'PlaylistPublished', data: { playlistId: 'p2' } }),
    stored('playlist#p2', 4, { type: 'PlaylistRenamed', data: { playlistId: 'p2', name: 'Quiet Mornings' } }),
    stored('playlist#p2', 5, { type: 'PlaylistDescribed', data: { playlistId: 'p2', description: 'Coffee first.' } }),
  ];

  it('stays out of search and the public list while it is a draft', async () => {
    const views = await deliver([...history, draft]);
    expect(views['search|playlist#p2']).toBeUndefined();
    expect(views['search-hidden|playlist#p2']).toMatchObject({ name: 'Slow Mornings', trackCount: 0, artwork: null });
    expect(views['playlist#p2|playlist']).toMatchObject({ published: false, gsi1pk: 'playlists#drafts' });
  });

  it('is searchable once published, under its new name and description', async () => {
    const views = await deliver(curated);
    expect(views['search-hidden|playlist#p2']).toBeUndefined();
    expect(views['search|playlist#p2']).toMatchObject({
      name: 'Quiet Mornings',
      description: 'Coffee first.',
      trackCount: 1,
      artwork: '/media/al1.png',
    });
    expect(views['playlist#p2|playlist']).toMatchObject({
      name: 'Quiet Mornings',
      published: true,
      tracks: [{ trackId: 't1', albumId: 'al1' }],
      gsi1pk: 'playlists',
      gsi1sk: 'quiet mornings#p2',
    });
  });

  it('leaves search and the public list when unpublished', async () => {
    const views = await deliver([...curated, stored('playlist#p2', 6, { type: 'PlaylistUnpublished', data: { playlistId: 'p2' } })]);
    expect(views['search|playlist#p2']).toBeUndefined();
    expect(views['search-hidden|playlist#p2']).toMatchObject({ name: 'Quiet Mornings' });
    expect(views['playlist#p2|playlist']).toMatchObject({ published: false, gsi1pk: 'playlists#drafts' });
  });
});
