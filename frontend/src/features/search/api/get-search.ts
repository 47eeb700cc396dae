/** GET /api/search?q= (albums, tracks, artists, playlists); the header's suggestions are in get-suggestions.ts. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchResults } from '#contract/search.js';
import { api } from '../../../lib/http';
import { searchKeys } from './search-keys';

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => api('GET /api/search', searchResults, { query: { q: query }, signal }),
    // The catalogue changes rarely; a search repeated within a few minutes is answered from the cache.
    staleTime: 5 * 60_000,
  });

export const useSearch = (query: string) => useQuery({ ...searchQueryOptions(query), enabled: query.trim().length > 0 });
