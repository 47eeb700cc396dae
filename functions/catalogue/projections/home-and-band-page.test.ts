import { describe, expect, it } from 'vitest';
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { project } from '../../platform/projection.js';
import { bandPageTrackKey, catalogueProjection, featuredAlbumKey } from './catalogue.js';

const stored = (streamId: string, version: number, event: NewEvent): DomainEvent =>
  ({
    streamId,
    version,
    schemaVersion: 1,
    meta: { eventId: `${streamId}:${version}`, at: `2026-03-01T10:00:0${version}.000Z`, actor: 'admin-1', correlationId: 'c' },
    ...event,
  }) as DomainEvent;

/** Projects each event in its stream's order; `again` delivers every event a second time, as a redelivery would. */
async function run(events: [string, NewEvent][], { again = false } = {}) {
  const store = memoryViewStore();
  const versions = new Map<string, number>();
  for (const [streamId, event] of events) {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    await project(catalogueProjection, store, stored(streamId, version, event));
    if (again) await project(catalogueProjection, store, stored(streamId, version, event));
  }
  return store.snapshot();
}
const id = (key: { pk: string; sk: string }) => `${key.pk}|${key.sk}`;

const home = 'home#featured-album';
const chosen = (albumId: string): [string, NewEvent] => [home, { type: 'FeaturedAlbumChosen', data: { albumId } }];
const cleared = (albumId: string): [string, NewEvent] => [home, { type: 'FeaturedAlbumCleared', data: { albumId } }];

describe('the featured album in the catalogue view', () => {
  it('keeps the latest choice, and none once it is cleared, however often each event comes', async () => {
    for (const again of [false, true]) {
      expect((await run([chosen('al1'), chosen('al2')], { again }))[id(featuredAlbumKey)]).toMatchObject({ albumId: 'al2' });
      expect((await run([chosen('al1'), cleared('al1')], { again }))[id(featuredAlbumKey)]).toMatchObject({ albumId: null });
    }
  });
});

const track = (trackId: string, title: string): [string, NewEvent] => [
  'album#al1',
  { type: 'TrackAddedToBandPage', data: { albumId: 'al1', trackId, title, duration: 30, audioKey: `audio/private/al1/${trackId}.mp3` } },
];
const renamed = (trackId: string, title: string): [string, NewEvent] => [
  'album#al1',
  { type: 'TrackDetailsChanged', data: { albumId: 'al1', trackId, changes: { title } } },
];
const offPage = (trackId: string): [string, NewEvent] => [
  'album#al1',
  { type: 'TrackRemovedFromBandPage', data: { albumId: 'al1', trackId } },
];

describe('the band page tracks in the catalogue view', () => {
  it('lists a track the staff add, under its new name once renamed', async () => {
    const views = await run([track('t1', 'Take 1'), renamed('t1', 'Final take')], { again: true });
    expect(views[id(bandPageTrackKey('t1'))]).toMatchObject({
      id: 't1',
      albumId: 'al1',
      title: 'Final take',
      duration: 30,
      audioKey: 'audio/private/al1/t1.mp3',
    });
  });

  it('drops a track taken off the page, and never lists a draft track renamed while not on it', async () => {
    const views = await run([track('t1', 'Take 1'), offPage('t1'), renamed('t1', 'Again'), renamed('t2', 'Other')]);
    expect(views[id(bandPageTrackKey('t1'))]).toBeUndefined();
    expect(views[id(bandPageTrackKey('t2'))]).toBeUndefined();
  });
});
