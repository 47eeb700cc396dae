/** GET /api/artists/{id}: one artist; a 404 means there is no such artist. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { artistKeys } from './artist-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const catalogueSchemas = () => import('#contract/catalogue.js');

const getArtist = (artistId: string, signal?: AbortSignal): Promise<Artist> =>
  api('GET /api/artists/{id}', () => catalogueSchemas().then((c) => c.artist), { params: { id: artistId }, signal });

export const artistQueryOptions = (artistId: string) =>
  queryOptions({ queryKey: artistKeys.detail(artistId), queryFn: ({ signal }) => getArtist(artistId, signal) });

export const useArtist = (artistId: string) => useQuery(artistQueryOptions(artistId));
