/** GET /api/albums: the whole catalogue, newest release first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Album } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { albumKeys } from './album-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const catalogueSchemas = () => import('#contract/catalogue.js');

/** Newest release first (ISO days sort as text); albums released the same day keep the server's order. */
export const byReleaseDateDescending = (albums: readonly Album[]): Album[] =>
  [...albums].sort((a, b) => (a.releaseDate < b.releaseDate ? 1 : a.releaseDate > b.releaseDate ? -1 : 0));

const getAlbums = (signal?: AbortSignal): Promise<Album[]> =>
  api('GET /api/albums', () => catalogueSchemas().then((c) => c.albumList), { signal }).then(byReleaseDateDescending);

export const albumsQueryOptions = () => queryOptions({ queryKey: albumKeys.catalogue(), queryFn: ({ signal }) => getAlbums(signal) });

export const useAlbums = () => useQuery(albumsQueryOptions());
