/** The admin's calls about history: an artist's, album's or person's changes from the event log, and an album as it was. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import * as contract from '../../../../../functions/contract/admin-history.js';
import { request } from '../../../lib/http';

export type HistoryKind = z.infer<typeof contract.historyKind>;
export type HistoryEntry = z.infer<typeof contract.historyEntry>;
export type AlbumAsOf = z.infer<typeof contract.albumAsOf>;

export const historyKeys = {
  entries: (kind: HistoryKind, id: string) => ['admin', 'history', kind, id] as const,
  albumAsOf: (id: string, at: string) => ['admin', 'album-as-of', id, at] as const,
};

const path = (id: string) => encodeURIComponent(id);

/** One page of the history, newest first, in the shape the admin tables page through. */
export async function historyPage(kind: HistoryKind, id: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const page = await request(`/api/admin/history/${kind}/${path(id)}${query}`, contract.getHistory.answer, { signal });
  return { items: page.entries, nextCursor: page.nextCursor };
}

/** `at` is an ISO date and time with its offset. */
export const albumAsOfQueryOptions = (id: string, at: string) =>
  queryOptions({
    queryKey: historyKeys.albumAsOf(id, at),
    queryFn: ({ signal }) =>
      request(`/api/admin/albums/${path(id)}/as-of?at=${encodeURIComponent(at)}`, contract.getAlbumAsOf.answer, { signal }),
    // The past does not change.
    staleTime: Infinity,
  });
