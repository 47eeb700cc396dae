/**
 * A curated playlist of the label (stream `playlist#<id>`): created once (by the staff as an empty draft, by the seed
 * published with its tracks), renamed, described, given its ordered tracks, published and unpublished. Pure.
 */
import type { DomainEvent, EventOf, NewEvent, PlaylistTrack } from '../../../events/index.js';
import { assertNever, conflict, invalid, notFound } from '../../platform/errors.js';

export type PlaylistState =
  | { exists: false }
  | { exists: true; name: string; description: string; tracks: PlaylistTrack[]; published: boolean };

export type PlaylistCommand =
  | {
      type: 'CreatePlaylist';
      playlist: EventOf<'PlaylistCreated'>['data'];
      /** Tracks of the playlist that no published album holds, found by the caller. */
      unknownTrackIds: readonly string[];
    }
  /** A new name, a new description or both, recorded together; what is unchanged records nothing. */
  | { type: 'ChangePlaylistDetails'; playlistId: string; name?: string; description?: string }
  | {
      type: 'SetPlaylistTracks';
      playlistId: string;
      tracks: PlaylistTrack[];
      /** As for CreatePlaylist: tracks no published album holds. */
      unknownTrackIds: readonly string[];
    }
  | { type: 'PublishPlaylist'; playlistId: string }
  | { type: 'UnpublishPlaylist'; playlistId: string };

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid('empty_name', 'A playlist needs a name', 'name');
  return trimmed;
}

function checkTracks(tracks: readonly PlaylistTrack[], unknownTrackIds: readonly string[]) {
  if (unknownTrackIds.length) throw invalid('unknown_tracks', `Unknown tracks: ${unknownTrackIds.join(', ')}`, 'tracks');
  const ids = tracks.map((t) => t.trackId);
  if (new Set(ids).size !== ids.length) throw invalid('duplicate_tracks', 'A track appears in the playlist twice', 'tracks');
}

const samePlaylist = (a: readonly PlaylistTrack[], b: readonly PlaylistTrack[]) =>
  a.length === b.length && a.every((t, i) => t.trackId === b[i].trackId && t.albumId === b[i].albumId);

export const playlistDecider = {
  initialState: { exists: false } as PlaylistState,
  evolve: (state: PlaylistState, event: DomainEvent): PlaylistState => {
    switch (event.type) {
      case 'PlaylistCreated': {
        const { name, description, tracks, published } = event.data;
        return { exists: true, name, description, tracks, published };
      }
      case 'PlaylistRenamed':
        return state.exists ? { ...state, name: event.data.name } : state;
      case 'PlaylistDescribed':
        return state.exists ? { ...state, description: event.data.description } : state;
      case 'PlaylistTracksSet':
        return state.exists ? { ...state, tracks: event.data.tracks } : state;
      case 'PlaylistPublished':
        return state.exists ? { ...state, published: true } : state;
      case 'PlaylistUnpublished':
        return state.exists ? { ...state, published: false } : state;
      default:
        return state;
    }
  },
  decide: (command: PlaylistCommand, state: PlaylistState): NewEvent[] => {
    if (command.type === 'CreatePlaylist') {
      const { playlist } = command;
      if (state.exists) throw conflict('playlist_exists', `Playlist ${playlist.playlistId} already exists`);
      checkTracks(playlist.tracks, command.unknownTrackIds);
      if (playlist.published && playlist.tracks.length === 0) throw invalid('empty_playlist', 'An empty playlist cannot be published');
      return [{ type: 'PlaylistCreated', data: { ...playlist, name: checkName(playlist.name), description: playlist.description.trim() } }];
    }
    if (!state.exists) throw notFound('playlist_not_found', 'Playlist not found');
    const { playlistId } = command;
    switch (command.type) {
      case 'ChangePlaylistDetails': {
        const name = command.name === undefined ? state.name : checkName(command.name);
        const description = command.description === undefined ? state.description : command.description.trim();
        return [
          ...(name === state.name ? [] : [{ type: 'PlaylistRenamed', data: { playlistId, name } }]),
          ...(description === state.description ? [] : [{ type: 'PlaylistDescribed', data: { playlistId, description } }]),
        ];
      }
      case 'SetPlaylistTracks': {
        checkTracks(command.tracks, command.unknownTrackIds);
        if (state.published && command.tracks.length === 0) {
          throw invalid('empty_playlist', 'A published playlist keeps at least one track: unpublish it first to empty it', 'tracks');
        }
        return samePlaylist(command.tracks, state.tracks)
          ? []
          : [{ type: 'PlaylistTracksSet', data: { playlistId, tracks: command.tracks } }];
      }
      case 'PublishPlaylist':
        if (state.published) return [];
        if (state.tracks.length === 0) throw invalid('empty_playlist', 'Add at least one track before publishing the playlist');
        return [{ type: 'PlaylistPublished', data: { playlistId } }];
      case 'UnpublishPlaylist':
        return state.published ? [{ type: 'PlaylistUnpublished', data: { playlistId } }] : [];
      default:
        return assertNever(command);
    }
  },
};

export const playlistStream = (playlistId: string) => `playlist#${playlistId}`;
