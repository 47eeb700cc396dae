/**
 * POST and DELETE /api/favorites for a track ({ trackId }) or an album ({ albumId }): the hearts change at
 * once, the server's answer (the new list) replaces the guess, and a failure rolls back, says so, and reads
 * the list again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Favorite, favoritesChange } from '#contract/library.js';
import { api } from '../../../lib/http';
import { toast } from '../../../ui/toast';
import { FAVORITES_FAILED, LIBRARY_TOAST_MS } from '../library-messages';
import { LIBRARY_MUTATION_SCOPE } from './change-library';
import { libraryKeys } from './library-keys';

export type FavoriteTrack = Extract<Favorite, { kind: 'track' }>;

/** The length, in seconds, a favourite track is stored with when its own is unknown (the server wants one). */
const DEFAULT_FAVORITE_DURATION = 180;

export type FavoriteTarget = { trackId: string } | { albumId: string };

/** What a screen knows of the song or album it hearts, to show it among the favourites before the answer. */
export interface FavoriteDetails {
  title: string;
  albumId?: string;
  albumTitle?: string | null;
  artistName?: string | null;
  artistId?: string | null;
  artwork?: string | null;
  duration?: number | null;
  trackNumber?: number | null;
  audioUrl?: string | null;
}

interface FavoriteChange {
  target: FavoriteTarget;
  /** The state wanted: true to favourite, false to unfavourite. */
  favorite: boolean;
  details?: FavoriteDetails;
}

/** The favourite that stands for this track or album. */
export const isFavoriteOf = (favorite: Favorite, target: FavoriteTarget): boolean =>
  'trackId' in target
    ? favorite.kind === 'track' && favorite.trackId === target.trackId
    : favorite.kind === 'album' && favorite.albumId === target.albumId;

/** What unfavouriting takes away: the track, or the album with its songs. */
const goesWith = (favorite: Favorite, target: FavoriteTarget): boolean =>
  isFavoriteOf(favorite, target) || ('albumId' in target && favorite.kind === 'track' && favorite.trackAlbumId === target.albumId);

/** The favourite shown until the server's list replaces it; what the screen does not know is left empty. */
function guessedFavorite(target: FavoriteTarget, details: FavoriteDetails | undefined): Favorite {
  const shared = {
    userId: '',
    artistName: details?.artistName ?? '',
    artistId: details?.artistId ?? '',
    albumArtwork: details?.artwork ?? null,
    addedAt: new Date().toISOString(),
  };
  if ('albumId' in target)
    return { id: `album:${target.albumId}`, kind: 'album', ...shared, albumId: target.albumId, albumTitle: details?.title ?? '' };
  const albumId = details?.albumId ?? '';
  return {
    id: `track:${target.trackId}`,
    kind: 'track',
    ...shared,
    albumId,
    albumTitle: details?.albumTitle ?? '',
    trackId: target.trackId,
    trackTitle: details?.title ?? '',
    trackAlbumId: albumId,
    trackNumber: details?.trackNumber ?? 0,
    audioUrl: details?.audioUrl ?? null,
    trackDuration: details?.duration || DEFAULT_FAVORITE_DURATION,
  };
}

export function useChangeFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: LIBRARY_MUTATION_SCOPE,
    mutationFn: ({ target, favorite }: FavoriteChange) =>
      favorite
        ? api('POST /api/favorites', favoritesChange, { body: target })
        : api('DELETE /api/favorites', favoritesChange, { body: target }),
    onMutate: async ({ target, favorite, details }) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.favorites() });
      const previous = queryClient.getQueryData<Favorite[]>(libraryKeys.favorites());
      queryClient.setQueryData<Favorite[]>(libraryKeys.favorites(), (favorites = []) =>
        favorite
          ? favorites.some((known) => isFavoriteOf(known, target))
            ? favorites
            : [guessedFavorite(target, details), ...favorites]
          : favorites.filter((known) => !goesWith(known, target)),
      );
      return { previous };
    },
    onSuccess: (answer, { target, favorite, details }) => {
      queryClient.setQueryData(libraryKeys.favorites(), answer.favorites);
      if (favorite && 'albumId' in target && answer.count !== undefined) {
        const songs = `${answer.count} ${answer.count === 1 ? 'song' : 'songs'}`;
        toast({
          variant: 'success',
          title: 'Added to favorites',
          description: `${details?.title ?? 'The album'} and its ${songs} are in your favorites.`,
          duration: LIBRARY_TOAST_MS,
        });
      }
    },
    onError: (_error, _change, context) => {
      queryClient.setQueryData(libraryKeys.favorites(), context?.previous);
      toast({ variant: 'destructive', title: 'Error', description: FAVORITES_FAILED });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.favorites() });
    },
  });
}
