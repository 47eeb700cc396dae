/** GET /api/artists: the label's roster. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { artistKeys } from './artist-keys';
import { artistSchema, type Artist } from './artist-schema';

export const getArtists = (signal?: AbortSignal): Promise<Artist[]> => request('/api/artists', z.array(artistSchema), { signal });

export const artistsQueryOptions = () => queryOptions({ queryKey: artistKeys.list(), queryFn: ({ signal }) => getArtists(signal) });

export const useArtists = () => useQuery(artistsQueryOptions());
