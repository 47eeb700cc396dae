/** GET /api/artists: the label's roster. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { artistKeys } from './artist-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const catalogueSchemas = () => import('#contract/catalogue.js');

const getArtists = (signal?: AbortSignal): Promise<Artist[]> =>
  api('GET /api/artists', () => catalogueSchemas().then((c) => c.listArtistsAnswer), { signal });

export const artistsQueryOptions = () => queryOptions({ queryKey: artistKeys.list(), queryFn: ({ signal }) => getArtists(signal) });

export const useArtists = () => useQuery(artistsQueryOptions());
