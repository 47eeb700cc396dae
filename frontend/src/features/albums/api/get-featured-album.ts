/** GET /api/featured-album: the album the home page features, the staff's choice or else the newest release. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeaturedAlbumAnswer } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { albumKeys } from './album-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const catalogueSchemas = () => import('#contract/catalogue.js');

const getFeaturedAlbum = (signal?: AbortSignal): Promise<FeaturedAlbumAnswer> =>
  api('GET /api/featured-album', () => catalogueSchemas().then((c) => c.featuredAlbumAnswer), { signal });

export const featuredAlbumQueryOptions = () =>
  queryOptions({ queryKey: albumKeys.featured(), queryFn: ({ signal }) => getFeaturedAlbum(signal) });

export const useFeaturedAlbum = () => useQuery(featuredAlbumQueryOptions());
