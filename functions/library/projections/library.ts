/**
 * The library views of each listener: albums kept, favourite tracks and albums (one partition per user,
 * `library#<userId>`), the tracks they played last (one item per track, newest first on gsi1), and the
 * fans of each artist (`artist-fans#<artistId>`: the listeners who keep one of the artist's albums).
 */
import { assertNever } from '../../platform/errors.js';
import { isLibraryEvent, libraryEventTypes, type LibraryEvent } from '../domain/library.js';
import { stamp, type Projection, type ViewOp, type ViewReader } from '../../platform/projection.js';
import { albumKey } from '../../catalogue/projections/catalogue.js';

export const libraryPartition = (userId: string) => `library#${userId}`;
export const libraryAlbumKey = (userId: string, albumId: string) => ({ pk: libraryPartition(userId), sk: `album#${albumId}` });
export const favoriteTrackKey = (userId: string, trackId: string) => ({ pk: libraryPartition(userId), sk: `favorite#track#${trackId}` });
export const favoriteAlbumKey = (userId: string, albumId: string) => ({ pk: libraryPartition(userId), sk: `favorite#album#${albumId}` });
export const LIBRARY_ALBUMS = 'album#';
export const FAVORITES = 'favorite#';

export const artistFansPartition = (artistId: string) => `artist-fans#${artistId}`;
export const artistFanKey = (artistId: string, userId: string) => ({ pk: artistFansPartition(artistId), sk: `user#${userId}` });

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
/** A listener who keeps at least one album of the artist in their library. */
export interface ArtistFanItem {
  artistId: string;
  userId: string;
  /** The artist's albums in their library, so removing one of two keeps them a fan. */
  albumIds: string[];
}
export interface RecentTrackItem {
  trackId: string;
  albumId: string;
  playedAt: string;
}

type LibraryAlbumEvent = Extract<LibraryEvent, { type: 'LibraryAlbumAdded' | 'LibraryAlbumRemoved' }>;

/**
 * Keeps the listener among the fans of the album's artist while any album of that artist is in their library.
 * Only this listener's library stream writes their fan items, so reading one here sees every earlier event.
 */
async function fanOps(event: LibraryAlbumEvent, views: ViewReader): Promise<ViewOp[]> {
  const { userId, albumId } = event.data;
  const album = await views.get(albumKey(albumId));
  // The album was read from the catalogue view to be added, so it is only missing while that view is rebuilt.
  if (typeof album?.artistId !== 'string') throw new Error(`Album ${albumId} is not projected yet`);
  const artistId = album.artistId;
  const key = artistFanKey(artistId, userId);
  const kept = ((await views.get(key))?.albumIds as string[] | undefined) ?? [];
  const albumIds = event.type === 'LibraryAlbumAdded' ? [...new Set([...kept, albumId])].sort() : kept.filter((id) => id !== albumId);
  if (albumIds.length === 0) return [{ kind: 'delete', key }];
  return [{ kind: 'put', item: { ...key, artistId, userId, albumIds, ...stamp(event) } }];
}

async function applyLibraryEvent(event: LibraryEvent, views: ViewReader): Promise<ViewOp[]> {
  const at = event.meta.at;
  const { userId } = event.data;
  switch (event.type) {
    case 'LibraryAlbumAdded':
      return [
        {
          kind: 'put',
          item: { ...libraryAlbumKey(userId, event.data.albumId), albumId: event.data.albumId, addedAt: at, ...stamp(event) },
        },
        ...(await fanOps(event, views)),
      ];
    case 'LibraryAlbumRemoved':
      return [{ kind: 'delete', key: libraryAlbumKey(userId, event.data.albumId) }, ...(await fanOps(event, views))];
    case 'TrackFavorited': {
      const { trackId, albumId } = event.data;
      return [
        { kind: 'put', item: { ...favoriteTrackKey(userId, trackId), kind: 'track', trackId, albumId, addedAt: at, ...stamp(event) } },
      ];
    }
    case 'TrackUnfavorited':
      return [{ kind: 'delete', key: favoriteTrackKey(userId, event.data.trackId) }];
    case 'AlbumFavorited':
      return [
        {
          kind: 'put',
          item: {
            ...favoriteAlbumKey(userId, event.data.albumId),
            kind: 'album',
            albumId: event.data.albumId,
            addedAt: at,
            ...stamp(event),
          },
        },
      ];
    case 'AlbumUnfavorited':
      return [{ kind: 'delete', key: favoriteAlbumKey(userId, event.data.albumId) }];
    default:
      return assertNever(event);
  }
}

export const libraryProjection: Projection = {
  name: 'library',
  events: [...libraryEventTypes, 'PlayRecorded', 'TrackListened'],
  async apply(event, views): Promise<ViewOp[]> {
    if (isLibraryEvent(event)) return applyLibraryEvent(event, views);
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
        item: {
          ...key,
          trackId,
          albumId,
          playedAt: event.meta.at,
          gsi1pk: recentlyPlayedIndex(userId),
          gsi1sk: `${event.meta.at}#${trackId}`,
        },
        // Also when two of those streams are projected at once.
        keep: { field: 'playedAt', winner: 'highest' },
      },
    ];
  },
};
