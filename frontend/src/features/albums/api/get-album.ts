/** GET /api/albums/{id}: one album; a 404 means it does not exist. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { album, type Album } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { albumKeys } from './album-keys';

export const getAlbum = (albumId: string, signal?: AbortSignal): Promise<Album> =>
  api('GET /api/albums/{id}', album, { params: { id: albumId }, signal });

export const albumQueryOptions = (albumId: string) =>
  queryOptions({ queryKey: albumKeys.detail(albumId), queryFn: ({ signal }) => getAlbum(albumId, signal) });

export const useAlbum = (albumId: string) => useQuery(albumQueryOptions(albumId));
