/** The admin's calls about history: an artist's, album's or person's changes from the event log, and an album as it was. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { albumAsOf, getHistoryAnswer, type historyEntry, type historyKind } from '#contract/admin-history.js';
import { api } from '../../../lib/http';

export type HistoryKind = z.infer<typeof historyKind>;
export type HistoryEntry = z.infer<typeof historyEntry>;
export type AlbumAsOf = z.infer<typeof albumAsOf>;

export const historyKeys = {
  entries: (kind: HistoryKind, id: string) => ['admin', 'history', kind, id] as const,
  albumAsOf: (id: string, at: string) => ['admin', 'album-as-of', id, at] as const,
};

/** One page of the history, newest first, in the shape the admin tables page through. */
export async function historyPage(kind: HistoryKind, id: string, cursor: string | null, signal?: AbortSignal) {
  const page = await api('GET /api/admin/history/{kind}/{id}', getHistoryAnswer, {
    params: { kind, id },
    query: { cursor: cursor ?? undefined },
    signal,
  });
  return { items: page.entries, nextCursor: page.nextCursor };
}

/** `at` is an ISO date and time with its offset. */
export const albumAsOfQueryOptions = (id: string, at: string) =>
  queryOptions({
    queryKey: historyKeys.albumAsOf(id, at),
    queryFn: ({ signal }) => api('GET /api/admin/albums/{id}/as-of', albumAsOf, { params: { id }, query: { at }, signal }),
    // The past does not change.
    staleTime: Infinity,
  });
