/** The album aggregate: published once with its tracks, then its details may change. Pure. */
import type { AlbumDetails, DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { assertNever, conflict, invalid, notFound } from '../errors.js';

export type AlbumState = { exists: false } | { exists: true; details: AlbumDetails; artistId: string };

export type AlbumCommand =
  | { type: 'PublishAlbum'; album: EventOf<'AlbumPublished'>['data']; artistExists: boolean }
  | { type: 'ChangeAlbumDetails'; albumId: string; changes: Partial<AlbumDetails> };

export const albumDecider = {
  initialState: { exists: false } as AlbumState,
  evolve: (state: AlbumState, event: DomainEvent): AlbumState => {
    switch (event.type) {
      case 'AlbumPublished': {
        const { albumId: _id, artistId, tracks: _tracks, ...details } = event.data;
        return { exists: true, artistId, details };
      }
      case 'AlbumDetailsChanged':
        return state.exists ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      default:
        return state;
    }
  },
  decide: (command: AlbumCommand, state: AlbumState): NewEvent[] => {
    switch (command.type) {
      case 'PublishAlbum': {
        const { album } = command;
        if (state.exists) throw conflict('album_exists', `Album ${album.albumId} already exists`);
        if (!command.artistExists) throw notFound('artist_not_found', `Artist ${album.artistId} not found`);
        const numbers = album.tracks.map((t) => t.trackNumber);
        if (new Set(numbers).size !== numbers.length) throw invalid('duplicate_track_number', 'Track numbers must be unique');
        if (album.isDummyAlbum && album.tracks.some((t) => t.audioKey)) {
          throw invalid('dummy_album_audio', 'A dummy album has no audio of its own');
        }
        return [{ type: 'AlbumPublished', data: album }];
      }
      case 'ChangeAlbumDetails': {
        if (!state.exists) throw notFound('album_not_found', 'Album not found');
        const changed = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([key, value]) => JSON.stringify(state.details[key as keyof AlbumDetails]) !== JSON.stringify(value),
          ),
        );
        if (Object.keys(changed).length === 0) return [];
        return [{ type: 'AlbumDetailsChanged', data: { albumId: command.albumId, changes: changed } }];
      }
      default:
        return assertNever(command);
    }
  },
};

export const albumStream = (albumId: string) => `album#${albumId}`;
