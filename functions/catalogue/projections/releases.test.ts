import { describe, expect, it } from 'vitest';
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { albumData, artistData } from '../domain/catalogue.fixtures.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { project, type Projection } from '../../platform/projection.js';
import { adminReleasesProjection } from './admin-releases.js';
import { catalogueProjection } from './catalogue.js';
import { searchProjection } from '../../search/projections/search.js';

let clock = 0;
const stored = (streamId: string, version: number, event: NewEvent): DomainEvent =>
  ({
    streamId,
    version,
    schemaVersion: 1,
    meta: {
      eventId: `${streamId}:${version}`,
      at: new Date(Date.UTC(2026, 2, 1) + ++clock * 1000).toISOString(),
      actor: 'admin-1',
      correlationId: 'c',
    },
    ...event,
  }) as DomainEvent;

async function run(projections: Projection[], events: [string, NewEvent][]) {
  const store = memoryViewStore();
  const versions = new Map<string, number>();
  for (const [streamId, event] of events) {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    for (const p of projections) await project(p, store, stored(streamId, version, event));
  }
  return store.snapshot();
}

const artist: [string, NewEvent] = ['artist#a1', { type: 'ArtistCreated', data: artistData() }];
const published: [string, NewEvent] = ['album#al1', { type: 'AlbumPublished', data: albumData() }];
const unpublished: [string, NewEvent] = ['album#al1', { type: 'AlbumUnpublished', data: { albumId: 'al1' } }];
const republished: [string, NewEvent] = ['album#al1', { type: 'AlbumRepublished', data: { albumId: 'al1' } }];

describe('unpublishing in the listener views', () => {
  it('takes the album out of the home list, the artist page and search, keeping its item for buyers', async () => {
    const views = await run([catalogueProjection, searchProjection], [artist, published, unpublished]);
    expect(views['album#al1|album']).toMatchObject({ id: 'al1', unpublished: true });
    expect(views['album#al1|album']).not.toHaveProperty('gsi1pk');
    expect(views['artist#a1|album#al1']).toBeUndefined();
    expect(views['artist#a1|artist']).toMatchObject({ albumCount: 0 });
    expect(views['search|album#al1']).toBeUndefined();
    expect(views['search|track#t1']).toBeUndefined();
  });

  it('brings it back as it was on republish', async () => {
    const before = await run([catalogueProjection, searchProjection], [artist, published]);
    const after = await run([catalogueProjection, searchProjection], [artist, published, unpublished, republished]);
    expect(after['album#al1|album']).toMatchObject({ gsi1pk: 'albums', gsi1sk: before['album#al1|album'].gsi1sk, unpublished: false });
    expect(after['artist#a1|artist']).toMatchObject({ albumCount: 1 });
    const { v: _v, ...searched } = after['search|album#al1'];
    const { v: _w, ...was } = before['search|album#al1'];
    expect(searched).toEqual(was);
    expect(after['search|track#t1']).toMatchObject({ title: 'One' });
  });

  it('changes an unpublished album where it waits', async () => {
    const changed: [string, NewEvent] = [
      'album#al1',
      { type: 'AlbumDetailsChanged', data: { albumId: 'al1', changes: { title: 'Renamed' } } },
    ];
    const views = await run([catalogueProjection, searchProjection], [artist, published, unpublished, changed, republished]);
    expect(views['search|album#al1']).toMatchObject({ title: 'Renamed' });
    expect(views['search|track#t1']).toMatchObject({ albumTitle: 'Renamed' });
  });
});

describe('artist administration in the listener views', () => {
  it('renames, re-sorts and re-images an artist; archiving takes them out of the artists list and search', async () => {
    const changed: [string, NewEvent] = [
      'artist#a1',
      { type: 'ArtistDetailsChanged', data: { artistId: 'a1', changes: { name: 'Aurora', isMain: false } } },
    ];
    const image: [string, NewEvent] = [
      'artist#a1',
      { type: 'ArtistImageChanged', data: { artistId: 'a1', image: 'avatar', url: '/media/x.jpg' } },
    ];
    const views = await run([catalogueProjection, searchProjection], [artist, changed, image]);
    expect(views['artist#a1|artist']).toMatchObject({ name: 'Aurora', gsi1sk: '1#aurora', avatar: '/media/x.jpg' });
    expect(views['search|artist#a1']).toMatchObject({ name: 'Aurora', avatar: '/media/x.jpg' });
    const archived = await run(
      [catalogueProjection, searchProjection],
      [artist, changed, ['artist#a1', { type: 'ArtistArchived', data: { artistId: 'a1' } }]],
    );
    expect(archived['artist#a1|artist']).toMatchObject({ name: 'Aurora', archived: true });
    expect(archived['artist#a1|artist']).toMatchObject({ gsi1pk: 'archived-artists', gsi1sk: '1#aurora' });
    expect(archived['search|artist#a1']).toBeUndefined();
  });
});

describe('the release board', () => {
  const draft = {
    albumId: 'al2',
    artistId: 'a1',
    title: 'Second',
    albumType: 'EP',
    description: null,
    releaseDate: null,
    copyright: null,
    externalLinks: {},
    access: 'free' as const,
    price: null,
    memberPrice: null,
    isExclusive: false,
    artwork: null,
  };
  const drafted: [string, NewEvent] = ['album#al2', { type: 'AlbumDrafted', data: draft }];
  const scheduled: [string, NewEvent] = [
    'album#al2',
    { type: 'AlbumReleaseScheduled', data: { albumId: 'al2', at: '2026-03-05T09:00:00.000Z' } },
  ];
  const partition = (views: Record<string, unknown>, pk: string) => Object.keys(views).filter((k) => k.startsWith(`${pk}|`));

  it('lists each release under its status, per artist too, and counts them', async () => {
    const views = await run([adminReleasesProjection], [published, drafted]);
    expect(partition(views, 'releases#all')).toHaveLength(2);
    expect(partition(views, 'releases#draft')).toHaveLength(1);
    expect(partition(views, 'releases#live#artist#a1')).toHaveLength(1);
    expect(views['stats#releases|draft']).toMatchObject({ count: 1 });
    expect(views['stats#releases|live']).toMatchObject({ count: 1 });
    expect(views['release#al2|release']).toMatchObject({ status: 'draft', title: 'Second' });
  });

  it('moves a release between statuses, with its counts, and keeps the schedule by day until it is published', async () => {
    const scheduledViews = await run([adminReleasesProjection], [drafted, scheduled]);
    expect(partition(scheduledViews, 'releases#draft')).toHaveLength(0);
    expect(partition(scheduledViews, 'releases#scheduled')).toHaveLength(1);
    expect(scheduledViews['stats#releases|draft']).toMatchObject({ count: 0 });
    expect(scheduledViews['due#2026-03-05|2026-03-05T09:00:00.000Z#al2']).toMatchObject({ albumId: 'al2' });
    const live = await run(
      [adminReleasesProjection],
      [drafted, scheduled, ['album#al2', { type: 'AlbumPublished', data: albumData({ albumId: 'al2' }) }]],
    );
    expect(partition(live, 'due#2026-03-05')).toHaveLength(0);
    expect(live['release#al2|release']).toMatchObject({ status: 'live', scheduledAt: null });
    expect(live['stats#releases|scheduled']).toMatchObject({ count: 0 });
    const unscheduled = await run(
      [adminReleasesProjection],
      [drafted, scheduled, ['album#al2', { type: 'AlbumReleaseUnscheduled', data: { albumId: 'al2' } }]],
    );
    expect(partition(unscheduled, 'due#2026-03-05')).toHaveLength(0);
    expect(unscheduled['release#al2|release']).toMatchObject({ status: 'draft' });
  });
});
