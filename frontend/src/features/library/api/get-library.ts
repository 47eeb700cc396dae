/** GET /api/library/albums and /api/library/tracks: the albums the listener keeps and all their songs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listLibraryAlbumsAnswer, listLibraryTracksAnswer } from '#contract/library.js';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { libraryKeys } from './library-keys';

const libraryAlbumsQueryOptions = () =>
  queryOptions({
    queryKey: libraryKeys.albums(),
    queryFn: ({ signal }) => api('GET /api/library/albums', listLibraryAlbumsAnswer, { signal }),
  });

export const libraryTracksQueryOptions = () =>
  queryOptions({
    queryKey: libraryKeys.tracks(),
    queryFn: ({ signal }) => api('GET /api/library/tracks', listLibraryTracksAnswer, { signal }),
  });

/** Read only for a signed-in listener; a guest has no library. */
export function useLibraryAlbums() {
  const { isSignedIn } = useSession();
  return useQuery({ ...libraryAlbumsQueryOptions(), enabled: isSignedIn });
}

export function useLibraryTracks() {
  const { isSignedIn } = useSession();
  return useQuery({ ...libraryTracksQueryOptions(), enabled: isSignedIn });
}

/** Whether an album is in the library, for the library button (false while unknown). */
export function useIsInLibrary(albumId: string): boolean {
  const albums = useLibraryAlbums();
  return albums.data?.some((album) => album.id === albumId) ?? false;
}
