import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../events/index.js';
import { DomainError } from '../../platform/errors.js';
import { albumDecider, inTrackOrder } from './album.js';
import { artistDecider } from './artist.js';
import { albumData, artistData, trackData } from './catalogue.fixtures.js';
import { givenDecider } from '../../platform/testing/given.js';

const meta = { eventId: 'e', at: '2026-01-01T00:00:00.000Z', actor: 'test', correlationId: 'c' };
const stored = (streamId: string, version: number, event: { type: string; data: unknown }) =>
  ({ streamId, version, schemaVersion: 1, meta, ...event }) as DomainEvent;

const artist = artistData();
const album = albumData({ tracks: [trackData({ audioKey: 'audio/al1/t1.mp3' })] });

const given = givenDecider(albumDecider, { streamId: 'album#al1' });

describe('artist', () => {
  it('is created once', () => {
    expect(artistDecider.decide({ type: 'CreateArtist', artist }, artistDecider.initialState)).toEqual([
      { type: 'ArtistCreated', data: artist },
    ]);
  });
  it('cannot be created twice', () => {
    const state = artistDecider.evolve(artistDecider.initialState, stored('artist#a1', 1, { type: 'ArtistCreated', data: artist }));
    expect(() => artistDecider.decide({ type: 'CreateArtist', artist }, state)).toThrow(DomainError);
  });

  it('is restored once archived, and can be edited again; restoring an artist who is not archived records nothing', () => {
    const created = artistDecider.evolve(artistDecider.initialState, stored('artist#a1', 1, { type: 'ArtistCreated', data: artist }));
    const restore = { type: 'RestoreArtist', artistId: artist.artistId } as const;
    expect(artistDecider.decide(restore, created)).toEqual([]);
    const archived = artistDecider.evolve(created, stored('artist#a1', 2, { type: 'ArtistArchived', data: { artistId: artist.artistId } }));
    const rename = { type: 'ChangeArtistDetails', artistId: artist.artistId, changes: { name: 'Back' } } as const;
    expect(() => artistDecider.decide(rename, archived)).toThrow(DomainError);
    expect(artistDecider.decide(restore, archived)).toEqual([{ type: 'ArtistRestored', data: { artistId: artist.artistId } }]);
    const restored = artistDecider.evolve(
      archived,
      stored('artist#a1', 3, { type: 'ArtistRestored', data: { artistId: artist.artistId } }),
    );
    expect(artistDecider.decide(rename, restored)).toHaveLength(1);
    expect(() => artistDecider.decide(restore, artistDecider.initialState)).toThrow(DomainError);
  });
});

describe('album', () => {
  it('lists its tracks by track number, not by the order they were stored in, and leaves the stored list as it was', () => {
    const tracks = [
      trackData({ trackId: 't3', trackNumber: 3 }),
      trackData({ trackId: 't1', trackNumber: 1 }),
      trackData({ trackId: 't2', trackNumber: 2 }),
    ];
    expect(inTrackOrder(tracks).map((t) => t.trackId)).toEqual(['t1', 't2', 't3']);
    expect(tracks.map((t) => t.trackId)).toEqual(['t3', 't1', 't2']);
  });
  it('given nothing, publishing an album of a known artist records AlbumPublished', () => {
    given([])
      .when({ type: 'PublishAlbum', album, artistExists: true })
      .then([{ type: 'AlbumPublished', data: album }]);
  });
  it('refuses an album of an unknown artist', () => {
    given([])
      .when({ type: 'PublishAlbum', album, artistExists: false })
      .then(/Artist a1 not found/);
  });
  it('refuses to publish the same album twice', () => {
    given([{ type: 'AlbumPublished', data: album }])
      .when({ type: 'PublishAlbum', album, artistExists: true })
      .then(/already exists/);
  });
  it('refuses duplicate track numbers', () => {
    const twice = { ...album, tracks: [album.tracks[0], { ...album.tracks[0], trackId: 't2' }] };
    given([])
      .when({ type: 'PublishAlbum', album: twice, artistExists: true })
      .then(/unique/);
  });
  it('refuses audio on a dummy album', () => {
    given([])
      .when({ type: 'PublishAlbum', album: { ...album, isDummyAlbum: true }, artistExists: true })
      .then(/dummy/);
  });
  it('records only the details that really change', () => {
    const events = given([{ type: 'AlbumPublished', data: album }]).when({
      type: 'ChangeAlbumDetails',
      albumId: 'al1',
      changes: { title: 'First', description: 'New words' },
    })();
    expect(events).toEqual([{ type: 'AlbumDetailsChanged', data: { albumId: 'al1', changes: { description: 'New words' } } }]);
  });
  it('records nothing when nothing changes', () => {
    expect(
      given([{ type: 'AlbumPublished', data: album }]).when({ type: 'ChangeAlbumDetails', albumId: 'al1', changes: { title: 'First' } })(),
    ).toEqual([]);
  });
  it('cannot change an album that was never published', () => {
    given([])
      .when({ type: 'ChangeAlbumDetails', albumId: 'al1', changes: { title: 'x' } })
      .then(/Album not found/);
  });
  it('folds changes into its state', () => {
    const state = [
      stored('album#al1', 1, { type: 'AlbumPublished', data: album }),
      stored('album#al1', 2, { type: 'AlbumDetailsChanged', data: { albumId: 'al1', changes: { title: 'Second' } } }),
    ].reduce((s, e) => albumDecider.evolve(s, e), albumDecider.initialState);
    expect('details' in state && state.details.title).toBe('Second');
  });
});
