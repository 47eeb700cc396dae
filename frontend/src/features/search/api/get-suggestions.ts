/**
 * GET /api/search/suggestions?q= (from 2 characters): what the header's search box suggests. Apart from the
 * search page's reads (get-search.ts), because the header ships with the first page.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestion } from '#contract/search.js';
import { api } from '../../../lib/http';
import { searchKeys } from './search-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const searchSchemas = () => import('#contract/search.js');

export const SUGGESTION_MIN_LENGTH = 2;

/** Where a suggestion leads: the album, the track's album, or the artist. */
export function suggestionPath(suggestion: Suggestion): string {
  switch (suggestion.type) {
    case 'album':
      return `/album/${encodeURIComponent(suggestion.id)}`;
    case 'track':
      return `/album/${encodeURIComponent(suggestion.albumId ?? suggestion.id)}`;
    case 'artist':
      return `/artist/${encodeURIComponent(suggestion.id)}`;
  }
}

export const wantsSuggestions = (text: string): boolean => text.trim().length >= SUGGESTION_MIN_LENGTH;

const suggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(query),
    queryFn: ({ signal }) =>
      api('GET /api/search/suggestions', () => searchSchemas().then((c) => c.suggestionsAnswer), { query: { q: query }, signal }),
    staleTime: 5 * 60_000,
  });

/** Suggestions for the (already debounced) text; the last list stays on screen while the next one loads. */
export const useSuggestions = (query: string) =>
  useQuery({ ...suggestionsQueryOptions(query.trim()), enabled: wantsSuggestions(query), placeholderData: keepPreviousData });
