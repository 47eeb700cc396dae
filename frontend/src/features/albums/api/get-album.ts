/** GET /api/albums/{id}: one album; a 404 means it does not exist. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { albumKeys } from './album-keys';
import { albumSchema, type Album } from './album-schema';

export const getAlbum = (albumId: string, signal?: AbortSignal): Promise<Album> =>
  request(`/api/albums/${encodeURIComponent(albumId)}`, albumSchema, { signal });

export const albumQueryOptions = (albumId: string) =>
  queryOptions({ queryKey: albumKeys.detail(albumId), queryFn: ({ signal }) => getAlbum(albumId, signal) });

export const useAlbum = (albumId: string) => useQuery(albumQueryOptions(albumId));
