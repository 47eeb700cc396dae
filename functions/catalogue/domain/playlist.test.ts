import { describe, it } from 'vitest';
import type { NewEvent, PlaylistTrack } from '../../../events/index.js';
import { playlistDecider, playlistStream, type PlaylistCommand } from './playlist.js';
import { givenDecider } from '../../platform/testing/given.js';

const given = givenDecider(playlistDecider, { streamId: playlistStream('p1'), actor: 'admin-1' });

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
    given([]).when(create).then([created]);
    given([created])
      .when(create)
      .then(/already exists/);
  });

  it('refuses an empty name, at creation and on renaming', () => {
    given([])
      .when({ type: 'CreatePlaylist', playlist: { ...draft, name: '   ' }, unknownTrackIds: [] })
      .then(/needs a name/);
    given([created])
      .when({ type: 'ChangePlaylistDetails', playlistId: 'p1', name: ' ', description: 'Kept out too.' })
      .then(/needs a name/);
  });

  it('is created published with its tracks by the seed, but never published empty', () => {
    const seeded = { ...draft, tracks: [t1, t2], published: true };
    given([])
      .when({ type: 'CreatePlaylist', playlist: seeded, unknownTrackIds: [] })
      .then([{ type: 'PlaylistCreated', data: seeded }]);
    given([])
      .when({ type: 'CreatePlaylist', playlist: { ...seeded, tracks: [] }, unknownTrackIds: [] })
      .then(/empty playlist cannot be published/);
  });

  it('is renamed and described, together or apart, and saying the same again records nothing', () => {
    const change = (changes: { name?: string; description?: string }): PlaylistCommand => ({
      type: 'ChangePlaylistDetails',
      playlistId: 'p1',
      ...changes,
    });
    given([created])
      .when(change({ name: 'Late Drive', description: ' For the road. ' }))
      .then([
        { type: 'PlaylistRenamed', data: { playlistId: 'p1', name: 'Late Drive' } },
        { type: 'PlaylistDescribed', data: { playlistId: 'p1', description: 'For the road.' } },
      ]);
    given([created])
      .when(change({ description: 'For the road.' }))
      .then([{ type: 'PlaylistDescribed', data: { playlistId: 'p1', description: 'For the road.' } }]);
    given([created])
      .when(change({ name: 'Night Drive', description: '' }))
      .then([]);
  });

  it('takes its whole ordered list of tracks at once: added, reordered or removed', () => {
    given([created])
      .when(setTracks([t1, t2]))
      .then([tracksSet([t1, t2])]);
    given([created, tracksSet([t1, t2])])
      .when(setTracks([t2, t1, t3]))
      .then([tracksSet([t2, t1, t3])]);
    given([created, tracksSet([t1, t2])])
      .when(setTracks([t2]))
      .then([tracksSet([t2])]);
    given([created, tracksSet([t1, t2])])
      .when(setTracks([t1, t2]))
      .then([]);
  });

  it('refuses unknown or repeated tracks', () => {
    given([created])
      .when(setTracks([t1, t2], ['t2']))
      .then(/Unknown tracks: t2/);
    given([created])
      .when(setTracks([t1, t1]))
      .then(/twice/);
    given([])
      .when({ type: 'CreatePlaylist', playlist: { ...draft, tracks: [t1] }, unknownTrackIds: ['t1'] })
      .then(/Unknown/);
  });

  it('is published once it has tracks, and unpublished back to a draft', () => {
    given([created])
      .when({ type: 'PublishPlaylist', playlistId: 'p1' })
      .then(/at least one track/);
    given([created, tracksSet([t1])])
      .when({ type: 'PublishPlaylist', playlistId: 'p1' })
      .then([published]);
    given([created, tracksSet([t1]), published])
      .when({ type: 'PublishPlaylist', playlistId: 'p1' })
      .then([]);
    given([created, tracksSet([t1]), published])
      .when({ type: 'UnpublishPlaylist', playlistId: 'p1' })
      .then([unpublished]);
    given([created]).when({ type: 'UnpublishPlaylist', playlistId: 'p1' }).then([]);
  });

  it('keeps a published playlist from being emptied, but a draft may be', () => {
    given([created, tracksSet([t1]), published])
      .when(setTracks([]))
      .then(/unpublish it first/);
    given([created, tracksSet([t1]), published, unpublished])
      .when(setTracks([]))
      .then([tracksSet([])]);
  });

  it('answers not found to a change of a playlist that does not exist', () => {
    given([])
      .when({ type: 'PublishPlaylist', playlistId: 'p1' })
      .then(/not found/);
    given([])
      .when({ type: 'ChangePlaylistDetails', playlistId: 'p1', name: 'X' })
      .then(/not found/);
  });
});
