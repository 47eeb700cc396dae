/**
 * A listener's library (stream `library#<userId>`): the albums they keep and the tracks and albums they love.
 * Pure: the album and track facts and the listener's access come in with the command.
 */
import { brand } from '../../../events/brand.js';
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { canPlayAlbum, type AlbumAccessFacts, type Listener } from '../../catalogue/domain/access.js';
import { assertNever, forbidden, invalid, notFound } from '../../platform/errors.js';

export interface LibraryState {
  /** Album id → when it was added (ISO time). */
  albums: ReadonlyMap<string, string>;
  /** Track id → its album and when it was favourited. */
  favoriteTracks: ReadonlyMap<string, { albumId: string; addedAt: string }>;
  /** Album id → when it was favourited. */
  favoriteAlbums: ReadonlyMap<string, string>;
}

export interface AlbumFacts extends AlbumAccessFacts {
  trackIds: readonly string[];
}

export type LibraryCommand =
  | { type: 'AddAlbum'; userId: string; albumId: string; album: AlbumFacts | null; listener: Listener }
  | { type: 'RemoveAlbum'; userId: string; albumId: string }
  | { type: 'FavoriteTrack'; userId: string; trackId: string; track: { albumId: string } | null }
  | { type: 'UnfavoriteTrack'; userId: string; trackId: string }
  | { type: 'FavoriteAlbum'; userId: string; albumId: string; album: AlbumFacts | null }
  | { type: 'UnfavoriteAlbum'; userId: string; albumId: string };

export type LibraryEventType =
  | 'LibraryAlbumAdded'
  | 'LibraryAlbumRemoved'
  | 'TrackFavorited'
  | 'TrackUnfavorited'
  | 'AlbumFavorited'
  | 'AlbumUnfavorited';

export const libraryEventTypes: readonly LibraryEventType[] = [
  'LibraryAlbumAdded',
  'LibraryAlbumRemoved',
  'TrackFavorited',
  'TrackUnfavorited',
  'AlbumFavorited',
  'AlbumUnfavorited',
];

export type LibraryEvent = Extract<DomainEvent, { type: LibraryEventType }>;
export const isLibraryEvent = (event: DomainEvent): event is LibraryEvent => (libraryEventTypes as readonly string[]).includes(event.type);

export const libraryStream = (userId: string) => `library#${userId}`;

const initialState: LibraryState = { albums: new Map(), favoriteTracks: new Map(), favoriteAlbums: new Map() };

const withEntry = <V>(map: ReadonlyMap<string, V>, key: string, value: V) => new Map(map).set(key, value);
function withoutEntry<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

/** Why a listener may not keep an album in the library; the messages are the ones the screens show. */
function refuseAlbum(album: AlbumFacts, listener: Listener) {
  if (album.isDummyAlbum) {
    return invalid('physical_album_only', 'Physical Album Only: this album can only be heard on other streaming platforms');
  }
  if (canPlayAlbum(album, listener)) return null;
  if (album.requiredTier === 'toko_plus') {
    return forbidden('subscription_required', `Subscription Required: this album requires a ${brand.productPlus} subscription`);
  }
  return forbidden('purchase_required', 'Purchase Required: buy this album or subscribe to add it to your library');
}

export const libraryDecider = {
  initialState,
  evolve: (state: LibraryState, event: DomainEvent): LibraryState => {
    if (!isLibraryEvent(event)) return state;
    const at = event.meta.at;
    switch (event.type) {
      case 'LibraryAlbumAdded':
        return { ...state, albums: withEntry(state.albums, event.data.albumId, at) };
      case 'LibraryAlbumRemoved':
        return { ...state, albums: withoutEntry(state.albums, event.data.albumId) };
      case 'TrackFavorited':
        return {
          ...state,
          favoriteTracks: withEntry(state.favoriteTracks, event.data.trackId, { albumId: event.data.albumId, addedAt: at }),
        };
      case 'TrackUnfavorited':
        return { ...state, favoriteTracks: withoutEntry(state.favoriteTracks, event.data.trackId) };
      case 'AlbumFavorited':
        return { ...state, favoriteAlbums: withEntry(state.favoriteAlbums, event.data.albumId, at) };
      case 'AlbumUnfavorited':
        return { ...state, favoriteAlbums: withoutEntry(state.favoriteAlbums, event.data.albumId) };
      default:
        return assertNever(event);
    }
  },
  /** Repeating a command is harmless: what is already so records nothing. */
  decide: (command: LibraryCommand, state: LibraryState): NewEvent[] => {
    const { userId } = command;
    switch (command.type) {
      case 'AddAlbum': {
        if (!command.album) throw notFound('album_not_found', 'Album not found');
        const refusal = refuseAlbum(command.album, command.listener);
        if (refusal) throw refusal;
        if (state.albums.has(command.albumId)) return [];
        return [{ type: 'LibraryAlbumAdded', data: { userId, albumId: command.albumId } }];
      }
      case 'RemoveAlbum':
        return state.albums.has(command.albumId) ? [{ type: 'LibraryAlbumRemoved', data: { userId, albumId: command.albumId } }] : [];
      case 'FavoriteTrack': {
        if (!command.track) throw notFound('track_not_found', 'Track not found');
        if (state.favoriteTracks.has(command.trackId)) return [];
        return [{ type: 'TrackFavorited', data: { userId, trackId: command.trackId, albumId: command.track.albumId } }];
      }
      case 'UnfavoriteTrack':
        return state.favoriteTracks.has(command.trackId) ? [{ type: 'TrackUnfavorited', data: { userId, trackId: command.trackId } }] : [];
      case 'FavoriteAlbum': {
        // Loving an album loves its songs too: they appear among the favourite tracks.
        const { album, albumId } = command;
        if (!album) throw notFound('album_not_found', 'Album not found');
        const events: NewEvent[] = state.favoriteAlbums.has(albumId) ? [] : [{ type: 'AlbumFavorited', data: { userId, albumId } }];
        for (const trackId of album.trackIds) {
          if (!state.favoriteTracks.has(trackId)) events.push({ type: 'TrackFavorited', data: { userId, trackId, albumId } });
        }
        return events;
      }
      case 'UnfavoriteAlbum': {
        const { albumId } = command;
        const events: NewEvent[] = state.favoriteAlbums.has(albumId) ? [{ type: 'AlbumUnfavorited', data: { userId, albumId } }] : [];
        for (const [trackId, favorite] of state.favoriteTracks) {
          if (favorite.albumId === albumId) events.push({ type: 'TrackUnfavorited', data: { userId, trackId } });
        }
        return events;
      }
      default:
        return assertNever(command);
    }
  },
};
