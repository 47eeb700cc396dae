/** GET /api/albums/{id}: one album; a 404 means it does not exist. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Album } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { albumKeys } from './album-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const catalogueSchemas = () => import('#contract/catalogue.js');

const getAlbum = (albumId: string, signal?: AbortSignal): Promise<Album> =>
  api('GET /api/albums/{id}', () => catalogueSchemas().then((c) => c.album), { params: { id: albumId }, signal });

export const albumQueryOptions = (albumId: string) =>
  queryOptions({ queryKey: albumKeys.detail(albumId), queryFn: ({ signal }) => getAlbum(albumId, signal) });

export const useAlbum = (albumId: string) => useQuery(albumQueryOptions(albumId));
