/** A curated playlist of the label (stream `playlist#<id>`): created once, with tracks that exist. Pure. */
import type { DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { assertNever, conflict, invalid } from '../errors.js';

export type PlaylistState = { exists: false } | { exists: true; name: string };

export type PlaylistCommand = {
  type: 'CreatePlaylist';
  playlist: EventOf<'PlaylistCreated'>['data'];
  /** Tracks of the playlist that no published album holds, found by the caller. */
  unknownTrackIds: readonly string[];
};

export const playlistDecider = {
  initialState: { exists: false } as PlaylistState,
  evolve: (state: PlaylistState, event: DomainEvent): PlaylistState => {
    return event.type === 'PlaylistCreated' ? { exists: true, name: event.data.name } : state;
  },
  decide: (command: PlaylistCommand, state: PlaylistState): NewEvent[] => {
    switch (command.type) {
      case 'CreatePlaylist': {
        const { playlist } = command;
        if (state.exists) throw conflict('playlist_exists', `Playlist ${playlist.playlistId} already exists`);
        if (command.unknownTrackIds.length) throw invalid('unknown_tracks', `Unknown tracks: ${command.unknownTrackIds.join(', ')}`);
        const ids = playlist.tracks.map((t) => t.trackId);
        if (new Set(ids).size !== ids.length) throw invalid('duplicate_tracks', 'A track appears in the playlist twice');
        return [{ type: 'PlaylistCreated', data: playlist }];
      }
      default:
        return assertNever(command.type);
    }
  },
};

export const playlistStream = (playlistId: string) => `playlist#${playlistId}`;
