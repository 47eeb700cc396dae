/** GET /api/favorites: the listener's favourite tracks (with trackId) and albums (with albumId). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listFavoritesAnswer } from '#contract/library.js';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { isFavoriteOf, type FavoriteTarget } from './change-favorites';
import { libraryKeys } from './library-keys';

const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: libraryKeys.favorites(),
    queryFn: ({ signal }) => api('GET /api/favorites', listFavoritesAnswer, { signal }),
  });

export function useFavorites() {
  const { isSignedIn } = useSession();
  return useQuery({ ...favoritesQueryOptions(), enabled: isSignedIn });
}

/** Whether a track (or an album) is a favourite, for the heart toggles. */
export function useIsFavorite(target: FavoriteTarget): boolean {
  const favorites = useFavorites();
  return favorites.data?.some((favorite) => isFavoriteOf(favorite, target)) ?? false;
}
