import { describe, expect, it } from 'vitest';
import type { DomainEvent, NewEvent, PlaylistTrack } from '../../../events/index.js';
import { playlistDecider, playlistStream, type PlaylistCommand } from './playlist.js';

const meta = { eventId: 'e', at: '2026-01-01T00:00:00.000Z', actor: 'admin-1', correlationId: 'c' };

const given = (events: NewEvent[]) => ({
  when: (command: PlaylistCommand) => () =>
    playlistDecider.decide(
      command,
      events
        .map((e, i) => ({ streamId: playlistStream('p1'), version: i + 1, schemaVersion: 2, meta, ...e }) as DomainEvent)
        .reduce(playlistDecider.evolve, playlistDecider.initialState),
    ),
});

const t1: PlaylistTrack = { trackId: 't1', albumId: 'al1' };
const t2: PlaylistTrack = { trackId: 't2', albumId: 'al1' };
const t3: PlaylistTrack = { trackId: 't3', albumId: 'al2' };
const draft = { playlistId: 'p1', name: 'Night Drive', description: '', tracks: [], published: false };
const created: NewEvent = { type: 'PlaylistCreated', data: draft };
const tracksSet = (tracks: PlaylistTrack[]): NewEvent => ({ type: 'PlaylistTracksSet', data: { playlistId: 'p1', tracks } });
const published: NewEvent = { type: 'PlaylistPublished', data: { playlistId: 'p1' } };
const unpublished: NewEvent = { type: 'PlaylistUnpublished', data: { playlistId: 'p1' } };
const setTracks = (tracks: PlaylistTrack[], unknownTrackIds: string[] = []): PlaylistCommand => ({
  type: 'SetPlaylistTracks',
  playlistId: 'p1',
  tracks,
  unknownTrackIds,
});

describe('a playlist', () => {
  it('is created once, as a draft with a trimmed name', () => {
    const create: PlaylistCommand = { type: 'CreatePlaylist', playlist: { ...draft, name: '  Night Drive ' }, unknownTrackIds: [] };
    expect(given([]).when(create)()).toEqual([created]);
    expect(given([created]).when(create)).toThrow(/already exists/);
  });

  it('refuses an empty name, at creation and on renaming', () => {
    expect(given([]).when({ type: 'CreatePlaylist', playlist: { ...draft, name: '   ' }, unknownTrackIds: [] })).toThrow(/needs a name/);
    expect(given([created]).when({ type: 'ChangePlaylistDetails', playlistId: 'p1', name: ' ', description: 'Kept out too.' })).toThrow(
      /needs a name/,
    );
  });

  it('is created published with its tracks by the seed, but never published empty', () => {
    const seeded = { ...draft, tracks: [t1, t2], published: true };
    expect(given([]).when({ type: 'CreatePlaylist', playlist: seeded, unknownTrackIds: [] })()).toEqual([
      { type: 'PlaylistCreated', data: seeded },
    ]);
    expect(given([]).when({ type: 'CreatePlaylist', playlist: { ...seeded, tracks: [] }, unknownTrackIds: [] })).toThrow(
      /empty playlist cannot be published/,
    );
  });

  it('is renamed and described, together or apart, and saying the same again records nothing', () => {
    const change = (changes: { name?: string; description?: string }): PlaylistCommand => ({
      type: 'ChangePlaylistDetails',
      playlistId: 'p1',
      ...changes,
    });
    expect(given([created]).when(change({ name: 'Late Drive', description: ' For the road. ' }))()).toEqual([
      { type: 'PlaylistRenamed', data: { playlistId: 'p1', name: 'Late Drive' } },
      { type: 'PlaylistDescribed', data: { playlistId: 'p1', description: 'For the road.' } },
    ]);
    expect(given([created]).when(change({ description: 'For the road.' }))()).toEqual([
      { type: 'PlaylistDescribed', data: { playlistId: 'p1', description: 'For the road.' } },
    ]);
    expect(given([created]).when(change({ name: 'Night Drive', description: '' }))()).toEqual([]);
  });

  it('takes its whole ordered list of tracks at once: added, reordered or removed', () => {
    expect(given([created]).when(setTracks([t1, t2]))()).toEqual([tracksSet([t1, t2])]);
    expect(given([created, tracksSet([t1, t2])]).when(setTracks([t2, t1, t3]))()).toEqual([tracksSet([t2, t1, t3])]);
    expect(given([created, tracksSet([t1, t2])]).when(setTracks([t2]))()).toEqual([tracksSet([t2])]);
    expect(given([created, tracksSet([t1, t2])]).when(setTracks([t1, t2]))()).toEqual([]);
  });

  it('refuses unknown or repeated tracks', () => {
    expect(given([created]).when(setTracks([t1, t2], ['t2']))).toThrow(/Unknown tracks: t2/);
    expect(given([created]).when(setTracks([t1, t1]))).toThrow(/twice/);
    expect(given([]).when({ type: 'CreatePlaylist', playlist: { ...draft, tracks: [t1] }, unknownTrackIds: ['t1'] })).toThrow(/Unknown/);
  });

  it('is published once it has tracks, and unpublished back to a draft', () => {
    expect(given([created]).when({ type: 'PublishPlaylist', playlistId: 'p1' })).toThrow(/at least one track/);
    expect(given([created, tracksSet([t1])]).when({ type: 'PublishPlaylist', playlistId: 'p1' })()).toEqual([published]);
    expect(given([created, tracksSet([t1]), published]).when({ type: 'PublishPlaylist', playlistId: 'p1' })()).toEqual([]);
    expect(given([created, tracksSet([t1]), published]).when({ type: 'UnpublishPlaylist', playlistId: 'p1' })()).toEqual([unpublished]);
    expect(given([created]).when({ type: 'UnpublishPlaylist', playlistId: 'p1' })()).toEqual([]);
  });

  it('keeps a published playlist from being emptied, but a draft may be', () => {
    expect(given([created, tracksSet([t1]), published]).when(setTracks([]))).toThrow(/unpublish it first/);
    expect(given([created, tracksSet([t1]), published, unpublished]).when(setTracks([]))()).toEqual([tracksSet([])]);
  });

  it('answers not found to a change of a playlist that does not exist', () => {
    expect(given([]).when({ type: 'PublishPlaylist', playlistId: 'p1' })).toThrow(/not found/);
    expect(given([]).when({ type: 'ChangePlaylistDetails', playlistId: 'p1', name: 'X' })).toThrow(/not found/);
  });
});
