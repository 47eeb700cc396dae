/**
 * POST /api/admin/artists/{id}/avatar and …/header: the admin's crop as a JPEG in the multipart field named after the
 * image; the answer is the artist with its new image, which the dialog shows while the artists list reloads.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contract from '../../../../../functions/contract/admin-catalogue.js';
import { request } from '../../../lib/http';
import { adminKeys } from './admin-catalogue';

export type ArtistImage = 'avatar' | 'header';

export function uploadArtistImage({ artistId, image, picture }: { artistId: string; image: ArtistImage; picture: Blob }) {
  const form = new FormData();
  form.append(image, picture, `${image}.jpg`);
  return request(`/api/admin/artists/${encodeURIComponent(artistId)}/${image}`, contract.uploadArtistImage.answer, {
    method: 'POST',
    body: form,
  });
}

export function useUploadArtistImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadArtistImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.artists }),
  });
}
