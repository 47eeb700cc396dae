/**
 * The admin's calls about people: the listener search and the list of everyone in an order, page by page, a listener's page, what an admin does to an
 * account (complimentary Toko+, the admin role, blocking), and the band page's fan signups with their CSV export.
 * Each answer is parsed with the route's contract schema; a change puts the account it answers into the cache.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  adminPermission,
  type adminUser,
  adminUserChange,
  type fanSignup,
  getUserAnswer,
  listFanSignupsAnswer,
  searchUsersAnswer,
  type userRow,
} from '#contract/admin-people.js';
import { api, baseHeaders, HttpError, pathOf, sendWithStepUp } from '../../../lib/http';
import { peopleQuery, type PeopleSortKey } from '../people/people-view';
import type { SortState } from '../table/table-sort';

export type UserRow = z.infer<typeof userRow>;
export type AdminUser = z.infer<typeof adminUser>;
export type AdminPermission = z.infer<typeof adminPermission>;
export type UserPage = z.infer<typeof getUserAnswer>;
export type FanSignup = z.infer<typeof fanSignup>;
type Changed = z.infer<typeof adminUserChange>;

export const peopleKeys = {
  /** A search, or everyone in an order: under one prefix, which a change of an account makes stale. */
  search: (q: string, sort: string) => ['admin', 'people', 'search', q, sort] as const,
  user: (id: string) => ['admin', 'people', 'user', id] as const,
  fanSignups: ['admin', 'fan-signups'] as const,
};

/** A page of the search (`q`), or of everyone in `sort` order. */
export function searchUsersPage(q: string, sort: SortState<PeopleSortKey>, cursor: string | null, signal?: AbortSignal) {
  return api('GET /api/admin/users', searchUsersAnswer, { query: peopleQuery(q, sort, cursor), signal });
}

/**
 * The membership history is a view, written a moment after a grant or revoke: until it holds the change (or
 * HISTORY_WAIT_MS have passed), the listener's page reloads every HISTORY_POLL_MS.
 */
const HISTORY_WAIT_MS = 15_000;
const HISTORY_POLL_MS = 1_000;
const awaitedHistory = new Map<string, { rows: number; until: number }>();

export const userPageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.user(id),
    queryFn: ({ signal }) => api('GET /api/admin/users/{id}', getUserAnswer, { params: { id }, signal }),
    refetchInterval: (query) => {
      const awaited = awaitedHistory.get(id);
      if (!awaited) return false;
      if (Date.now() < awaited.until && (query.state.data?.membershipHistory.length ?? 0) < awaited.rows) return HISTORY_POLL_MS;
      awaitedHistory.delete(id);
      return false;
    },
  });

/**
 * Every change of an account answers it as it now is: the page shows it at once, then reloads what followed from it
 * (a grant or revoke also waits for its row in the membership history).
 */
function useAccountChange<Input>(id: string, send: (input: Input) => Promise<Changed>, changesMembership = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ user }) => {
      const rows = queryClient.getQueryData<UserPage>(peopleKeys.user(id))?.membershipHistory.length;
      if (changesMembership && rows !== undefined) awaitedHistory.set(id, { rows: rows + 1, until: Date.now() + HISTORY_WAIT_MS });
      queryClient.setQueryData(peopleKeys.user(id), (page: UserPage | undefined) => (page ? { ...page, user } : page));
      void queryClient.invalidateQueries({ queryKey: peopleKeys.user(id) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'people', 'search'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'history', 'user', id] });
    },
  });
}

export const useGrantComplimentary = (id: string) =>
  useAccountChange(
    id,
    (endsAt: string) => api('POST /api/admin/users/{id}/complimentary-membership', adminUserChange, { params: { id }, body: { endsAt } }),
    true,
  );

export const useRevokeComplimentary = (id: string) =>
  useAccountChange(id, () => api('DELETE /api/admin/users/{id}/complimentary-membership', adminUserChange, { params: { id } }), true);

/** An owner's change of the account's role: an admin with what they may do, or a listener again. */
export type RoleChange = { role: 'admin'; permissions: AdminPermission[] } | { role: 'user' };
export const useChangeRole = (id: string) =>
  useAccountChange(id, (change: RoleChange) => api('PUT /api/admin/users/{id}/role', adminUserChange, { params: { id }, body: change }));

/** Every permission an owner can give, in the order the panel lists them. */
export const adminPermissions = adminPermission.options;

export const useBlock = (id: string) =>
  useAccountChange(id, (reason: string | null) =>
    api('POST /api/admin/users/{id}/block', adminUserChange, { params: { id }, body: { reason } }),
  );

export const useUnblock = (id: string) =>
  useAccountChange(id, () => api('DELETE /api/admin/users/{id}/block', adminUserChange, { params: { id } }));

export function fanSignupsPage(cursor: string | null, signal?: AbortSignal) {
  return api('GET /api/admin/fan-signups', listFanSignupsAnswer, { query: { cursor: cursor ?? undefined }, signal });
}

export const FAN_SIGNUPS_CSV = 'fan-signups.csv';

/**
 * Every signup as the export route makes it (CSV, not JSON, so not through `api`), saved by the browser as
 * fan-signups.csv; answers how many signups it holds.
 */
export async function downloadFanSignups(): Promise<number> {
  const response = await sendWithStepUp(() =>
    fetch(pathOf('GET /api/admin/fan-signups/export'), { credentials: 'include', headers: { Accept: 'text/csv', ...baseHeaders() } }),
  );
  if (!response.ok) throw new HttpError(response.status, (await response.text().catch(() => '')) || response.statusText);
  const csv = await response.text();
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: FAN_SIGNUPS_CSV });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return csvRowCount(csv);
}

/** The data rows of a CSV with a header line (CRLF or LF line ends). Pure. */
export const csvRowCount = (csv: string): number => Math.max(0, csv.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1);
