/** GET /api/search?q= (albums, tracks, artists, playlists) and GET /api/search/suggestions?q= (from 2 characters). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { searchKeys } from './search-keys';
import { searchResultsSchema, suggestionSchema } from './search-schema';

export const SUGGESTION_MIN_LENGTH = 2;

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => request(`/api/search?q=${encodeURIComponent(query)}`, searchResultsSchema, { signal }),
    // The catalogue changes rarely; a search repeated within a few minutes is answered from the cache.
    staleTime: 5 * 60_000,
  });

export const useSearch = (query: string) => useQuery({ ...searchQueryOptions(query), enabled: query.trim().length > 0 });

export const wantsSuggestions = (text: string): boolean => text.trim().length >= SUGGESTION_MIN_LENGTH;

export const suggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(query),
    queryFn: ({ signal }) => request(`/api/search/suggestions?q=${encodeURIComponent(query)}`, z.array(suggestionSchema), { signal }),
    staleTime: 5 * 60_000,
  });

/** Suggestions for the (already debounced) text; the last list stays on screen while the next one loads. */
export const useSuggestions = (query: string) =>
  useQuery({ ...suggestionsQueryOptions(query.trim()), enabled: wantsSuggestions(query), placeholderData: keepPreviousData });
