/**
 * POST /api/library/add-album and DELETE /api/library/remove-album. Both change the lists at once and take
 * the server's answer (the new library) as the truth; a failed addition rolls back, a failed removal
 * reads the lists again. Each outcome is told in a toast.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type LibraryAlbum, libraryChange, type LibraryChange, type LibraryTrack } from '#contract/library.js';
import { api } from '../../../lib/http';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast';
import { useOpenAccountDialog } from '../../auth';
import { ADDED_TO_LIBRARY, addToLibraryFailure, LIBRARY_TOAST_MS, REMOVED_FROM_LIBRARY } from '../library-messages';
import { libraryKeys } from './library-keys';

/** What a screen knows of an album it offers to keep: enough to show it in the library before the answer. */
export type LibraryAlbumInput = Pick<LibraryAlbum, 'id' | 'title' | 'artwork' | 'artistName' | 'artistId' | 'requiredTier'> & {
  isExclusive?: boolean;
};

/** Library writes run one after another, so answers land in the order they were asked. */
export const LIBRARY_MUTATION_SCOPE = { id: 'library' };

function takeAnswer(queryClient: QueryClient, answer: LibraryChange) {
  queryClient.setQueryData(libraryKeys.albums(), answer.albums);
  queryClient.setQueryData(libraryKeys.tracks(), answer.tracks);
}

export function useAddToLibrary() {
  const queryClient = useQueryClient();
  const openAccountDialog = useOpenAccountDialog();
  return useMutation({
    scope: LIBRARY_MUTATION_SCOPE,
    mutationFn: (album: LibraryAlbumInput) => api('POST /api/library/add-album', libraryChange, { body: { albumId: album.id } }),
    onMutate: async (album) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.albums() });
      const previous = queryClient.getQueryData<LibraryAlbum[]>(libraryKeys.albums());
      queryClient.setQueryData<LibraryAlbum[]>(libraryKeys.albums(), (albums) =>
        albums && !albums.some((known) => known.id === album.id)
          ? [{ ...album, trackCount: 0, addedAt: new Date().toISOString() }, ...albums]
          : albums,
      );
      return { previous };
    },
    onError: (error, album, context) => {
      if (context?.previous) queryClient.setQueryData(libraryKeys.albums(), context.previous);
      const failure = addToLibraryFailure(error);
      if (failure.kind === 'sign-in') {
        openAccountDialog('sign-in', {
          context: { albumTitle: album.title, requiredTier: album.requiredTier, isExclusive: album.isExclusive, action: 'keep' },
        });
        return;
      }
      toast({ variant: 'destructive', title: failure.title, description: failure.description, duration: LIBRARY_TOAST_MS });
    },
    onSuccess: (answer, album) => {
      takeAnswer(queryClient, answer);
      haptic('notification');
      toast({ variant: 'success', title: ADDED_TO_LIBRARY, description: `${album.title} is in your library.`, duration: LIBRARY_TOAST_MS });
    },
  });
}

export function useRemoveFromLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: LIBRARY_MUTATION_SCOPE,
    mutationFn: (albumId: string) => api('DELETE /api/library/remove-album', libraryChange, { body: { albumId } }),
    onMutate: async (albumId) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: libraryKeys.albums() }),
        queryClient.cancelQueries({ queryKey: libraryKeys.tracks() }),
      ]);
      queryClient.setQueryData<LibraryAlbum[]>(libraryKeys.albums(), (albums) => albums?.filter((album) => album.id !== albumId));
      queryClient.setQueryData<LibraryTrack[]>(libraryKeys.tracks(), (tracks) => tracks?.filter((track) => track.albumId !== albumId));
    },
    onSuccess: (answer) => takeAnswer(queryClient, answer),
    // The lists may be wrong now: read them again.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.albums() }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.tracks() }),
      ]),
    // Said even when it failed: the lists, read again, show what is true.
    onSettled: () => toast({ title: REMOVED_FROM_LIBRARY, duration: LIBRARY_TOAST_MS }),
  });
}
