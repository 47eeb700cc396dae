import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventOf } from '../../../events/index.js';
import { playlistDecider } from './playlist.js';

const playlist: EventOf<'PlaylistCreated'>['data'] = {
  playlistId: 'p1',
  name: 'Night Drive',
  description: 'Songs for the road.',
  tracks: [
    { trackId: 't1', albumId: 'al1' },
    { trackId: 't2', albumId: 'al1' },
  ],
};
const created = {
  streamId: 'playlist#p1',
  version: 1,
  schemaVersion: 1,
  type: 'PlaylistCreated',
  data: playlist,
  meta: { eventId: 'e', at: '2026-01-01T00:00:00.000Z', actor: 'seed', correlationId: 'c' },
} as DomainEvent;

describe('playlist', () => {
  it('is created once, with tracks that exist', () => {
    expect(playlistDecider.decide({ type: 'CreatePlaylist', playlist, unknownTrackIds: [] }, playlistDecider.initialState)).toEqual([
      { type: 'PlaylistCreated', data: playlist },
    ]);
    const state = playlistDecider.evolve(playlistDecider.initialState, created);
    expect(() => playlistDecider.decide({ type: 'CreatePlaylist', playlist, unknownTrackIds: [] }, state)).toThrow(/already exists/);
  });

  it('refuses unknown or repeated tracks', () => {
    expect(() =>
      playlistDecider.decide({ type: 'CreatePlaylist', playlist, unknownTrackIds: ['t2'] }, playlistDecider.initialState),
    ).toThrow(/Unknown tracks: t2/);
    const twice = { ...playlist, tracks: [playlist.tracks[0], playlist.tracks[0]] };
    expect(() =>
      playlistDecider.decide({ type: 'CreatePlaylist', playlist: twice, unknownTrackIds: [] }, playlistDecider.initialState),
    ).toThrow(/twice/);
  });
});
