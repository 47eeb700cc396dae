/** GET /api/artists: the label's roster. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Artist, listArtistsAnswer } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { artistKeys } from './artist-keys';

export const getArtists = (signal?: AbortSignal): Promise<Artist[]> => api('GET /api/artists', listArtistsAnswer, { signal });

export const artistsQueryOptions = () => queryOptions({ queryKey: artistKeys.list(), queryFn: ({ signal }) => getArtists(signal) });

export const useArtists = () => useQuery(artistsQueryOptions());
