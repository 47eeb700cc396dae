/**
 * POST /api/admin/artists/{id}/avatar and …/header: the admin's crop as a JPEG in the multipart field named after the
 * image; the answer is the artist with its new image, which the dialog and the artists list show at once (the list's
 * own route reads a view that may not have the image yet: lib/recent-saves.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '#contract/admin-catalogue.js';
import { api } from '../../../lib/http';
import { showSavedArtist } from './admin-catalogue';

export type ArtistImage = 'avatar' | 'header';

export function uploadArtistImage({ artistId, image, picture }: { artistId: string; image: ArtistImage; picture: Blob }) {
  const form = new FormData();
  form.append(image, picture, `${image}.jpg`);
  const params = { id: artistId };
  return image === 'avatar'
    ? api('POST /api/admin/artists/{id}/avatar', contract.adminArtist, { params, body: form })
    : api('POST /api/admin/artists/{id}/header', contract.adminArtist, { params, body: form });
}

export function useUploadArtistImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadArtistImage, onSuccess: (artist) => showSavedArtist(queryClient, artist) });
}
