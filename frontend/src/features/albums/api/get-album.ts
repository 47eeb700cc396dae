/** GET /api/albums/{id}: one album; a 404 means it does not exist. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as catalogue from '../../../../../functions/contract/catalogue';
import { request } from '../../../lib/http';
import { albumKeys } from './album-keys';

export const getAlbum = (albumId: string, signal?: AbortSignal): Promise<catalogue.Album> =>
  request(`/api/albums/${encodeURIComponent(albumId)}`, catalogue.getAlbum.answer, { signal });

export const albumQueryOptions = (albumId: string) =>
  queryOptions({ queryKey: albumKeys.detail(albumId), queryFn: ({ signal }) => getAlbum(albumId, signal) });

export const useAlbum = (albumId: string) => useQuery(albumQueryOptions(albumId));
