/**
 * The library views of each listener: albums kept, favourite tracks and albums (one partition per user,
 * `library#<userId>`), and the tracks they played last (one item per track, newest first on gsi1).
 */
import { assertNever } from '../domain/errors.js';
import { isLibraryEvent, type LibraryEvent } from '../domain/library/library.js';
import { stamp, type Projection, type ViewOp } from '../lib/projection.js';

export const libraryPartition = (userId: string) => `library#${userId}`;
export const libraryAlbumKey = (userId: string, albumId: string) => ({ pk: libraryPartition(userId), sk: `album#${albumId}` });
export const favoriteTrackKey = (userId: string, trackId: string) => ({ pk: libraryPartition(userId), sk: `favorite#track#${trackId}` });
export const favoriteAlbumKey = (userId: string, albumId: string) => ({ pk: libraryPartition(userId), sk: `favorite#album#${albumId}` });
export const LIBRARY_ALBUMS = 'album#';
export const FAVORITES = 'favorite#';

export const recentlyPlayedIndex = (userId: string) => `recent#${userId}`;
export const recentTrackKey = (userId: string, trackId: string) => ({ pk: recentlyPlayedIndex(userId), sk: `track#${trackId}` });

export interface LibraryAlbumItem {
  albumId: string;
  addedAt: string;
}
export interface FavoriteItem {
  kind: 'track' | 'album';
  trackId?: string;
  albumId: string;
  addedAt: string;
}
export interface RecentTrackItem {
  trackId: string;
  albumId: string;
  playedAt: string;
}

function applyLibraryEvent(event: LibraryEvent): ViewOp[] {
  const at = event.meta.at;
  const { userId } = event.data;
  switch (event.type) {
    case 'LibraryAlbumAdded':
      return [{ kind: 'put', item: { ...libraryAlbumKey(userId, event.data.albumId), albumId: event.data.albumId, addedAt: at, ...stamp(event) } }];
    case 'LibraryAlbumRemoved':
      return [{ kind: 'delete', key: libraryAlbumKey(userId, event.data.albumId) }];
    case 'TrackFavorited': {
      const { trackId, albumId } = event.data;
      return [{ kind: 'put', item: { ...favoriteTrackKey(userId, trackId), kind: 'track', trackId, albumId, addedAt: at, ...stamp(event) } }];
    }
    case 'TrackUnfavorited':
      return [{ kind: 'delete', key: favoriteTrackKey(userId, event.data.trackId) }];
    case 'AlbumFavorited':
      return [{ kind: 'put', item: { ...favoriteAlbumKey(userId, event.data.albumId), kind: 'album', albumId: event.data.albumId, addedAt: at, ...stamp(event) } }];
    case 'AlbumUnfavorited':
      return [{ kind: 'delete', key: favoriteAlbumKey(userId, event.data.albumId) }];
    default:
      return assertNever(event);
  }
}

export const libraryProjection: Projection = {
  name: 'library',
  events: [
    'LibraryAlbumAdded',
    'LibraryAlbumRemoved',
    'TrackFavorited',
    'TrackUnfavorited',
    'AlbumFavorited',
    'AlbumUnfavorited',
    'PlayRecorded',
    'TrackListened',
  ],
  async apply(event, views): Promise<ViewOp[]> {
    if (isLibraryEvent(event)) return applyLibraryEvent(event);
    if (event.type !== 'PlayRecorded' && event.type !== 'TrackListened') return [];
    // Guests' plays have no library.
    const userId = event.data.userId;
    if (!userId) return [];
    const { trackId, albumId } = event.data;
    const key = recentTrackKey(userId, trackId);
    const known = await views.get(key);
    // Plays arrive from many streams (one per day and kind); an older one must not push a newer one back.
    if (known && typeof known.playedAt === 'string' && known.playedAt >= event.meta.at) return [];
    return [
      {
        kind: 'put',
        item: { ...key, trackId, albumId, playedAt: event.meta.at, gsi1pk: recentlyPlayedIndex(userId), gsi1sk: `${event.meta.at}#${trackId}` },
      },
    ];
  },
};
