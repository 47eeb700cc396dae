/** GET /api/recently-played?limit=20: the tracks the signed-in listener played last, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRecentlyPlayedAnswer, type RecentTrack } from '#contract/library.js';
import { api } from '../../../lib/http';

const RECENTLY_PLAYED_LIMIT = 20;

const getRecentlyPlayed = (signal?: AbortSignal): Promise<RecentTrack[]> =>
  api('GET /api/recently-played', listRecentlyPlayedAnswer, { query: { limit: RECENTLY_PLAYED_LIMIT }, signal });

const recentlyPlayedKeys = { all: ['recently-played'] as const };

const recentlyPlayedQueryOptions = () =>
  // Read afresh each time the dialog opens: the history grows while the listener listens.
  queryOptions({ queryKey: recentlyPlayedKeys.all, queryFn: ({ signal }) => getRecentlyPlayed(signal), staleTime: 0 });

/** Read only for a signed-in listener: a guest has no history. */
export const useRecentlyPlayed = (enabled: boolean) => useQuery({ ...recentlyPlayedQueryOptions(), enabled });
