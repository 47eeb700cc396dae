/** GET /api/albums/by-artist/{id}: one artist's discography, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Album } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { albumKeys } from './album-keys';
import { byReleaseDateDescending } from './get-albums';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const catalogueSchemas = () => import('#contract/catalogue.js');

const getArtistAlbums = (artistId: string, signal?: AbortSignal): Promise<Album[]> =>
  api('GET /api/albums/by-artist/{id}', () => catalogueSchemas().then((c) => c.albumList), { params: { id: artistId }, signal }).then(
    byReleaseDateDescending,
  );

export const artistAlbumsQueryOptions = (artistId: string) =>
  queryOptions({ queryKey: albumKeys.byArtist(artistId), queryFn: ({ signal }) => getArtistAlbums(artistId, signal) });

export const useArtistAlbums = (artistId: string) => useQuery(artistAlbumsQueryOptions(artistId));
