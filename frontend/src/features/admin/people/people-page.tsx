/**
 * People: every account of the label in the order asked (by name, e-mail, joining or last sign-in, either way: the
 * table's headers, or the sort menu on a phone), or those found by the beginning of any word of their e-mail, name
 * or username (the search waits until typing stops). Page by page from the server, which sorts across every account;
 * the search and the order are kept in the address, so a list can be reloaded and shared, and Back returns to the
 * order before. Each row links to the listener's page.
 */
import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fieldErrorsOf, HttpError, serverMessageOf } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Badge } from '../../../ui/badge';
import { SelectField } from '../../../ui/field';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { peopleKeys, searchUsersPage, type UserRow } from '../api/admin-people';
import { DataTable, type Column } from '../table/data-table';
import { parseSortParam, sortParam, type SortState } from '../table/table-sort';
import { useCursorPages } from '../table/use-cursor-pages';
import {
  DEFAULT_PEOPLE_SORT,
  PEOPLE_SORT_KEYS,
  PEOPLE_SORTS,
  peopleSortLabel,
  sortValue,
  tierLabel,
  type PeopleSortKey,
} from './people-view';

export const listenerPath = (id: string) => `/admin/people/${encodeURIComponent(id)}`;

const columns: Column<UserRow>[] = [
  {
    key: 'name',
    header: 'Name',
    sortFirst: 'asc',
    cell: (user) => (
      <Link to={listenerPath(user.id)} className="font-semibold text-zinc-50 hover:text-accent hover:underline">
        {user.displayName ?? user.username ?? 'No name'}
      </Link>
    ),
  },
  { key: 'email', header: 'E-mail', sortFirst: 'asc', cell: (user) => <span className="break-all">{user.email}</span> },
  { key: 'tier', header: 'Tier', cell: (user) => tierLabel(user.tier, user.subscriptionSource) },
  {
    key: 'state',
    header: 'Account',
    cell: (user) => (
      <span className="flex flex-wrap gap-1">
        {user.role === 'admin' && <Badge tone="accent">Admin</Badge>}
        {user.blocked ? <Badge>Blocked</Badge> : <span className="text-zinc-300">Active</span>}
      </span>
    ),
  },
  { key: 'joined', header: 'Joined', sortFirst: 'desc', cell: (user) => (user.createdAt ? formatDateTime(user.createdAt) : '—') },
  {
    key: 'lastSignIn',
    header: 'Last sign-in',
    sortFirst: 'desc',
    cell: (user) => (user.lastSignInAt ? formatDateTime(user.lastSignInAt) : <span className="text-zinc-400">Never</span>),
  },
];

const SEARCH_ORDER = 'Search results come by the word they match; clear the search to sort everyone.';

export function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim());
  const sort = parseSortParam(params.get('sort'), PEOPLE_SORT_KEYS) ?? DEFAULT_PEOPLE_SORT;
  const searching = q !== '';
  const pages = useCursorPages<UserRow>(peopleKeys.search(q, searching ? '' : sortValue(sort)), (cursor, signal) =>
    searchUsersPage(q, sort, cursor, signal),
  );
  // Each order is a step of the history, so Back returns to the one before.
  const setSort = (next: SortState<PeopleSortKey>) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (sortValue(next) === sortValue(DEFAULT_PEOPLE_SORT)) changed.delete('sort');
      else changed.set('sort', sortParam(next)!);
      return changed;
    });
  // A search the server refuses (too short, too long) is said beside the field; any other failure in a toast too.
  const refused = pages.error instanceof HttpError && pages.error.status === 400;
  const refusal = refused ? (fieldErrorsOf(pages.error).q ?? serverMessageOf(pages.error)) : null;

  useEffect(() => {
    if ((params.get('q') ?? '') === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, params, setParams]);

  useEffect(() => {
    if (pages.status === 'error' && !refused)
      toast({ title: 'Could not search', description: serverMessageOf(pages.error) ?? undefined, variant: 'destructive' });
  }, [pages.status, pages.error, refused]);

  return (
    <section className="space-y-5" aria-labelledby="people-heading">
      <h1 id="people-heading" className="text-2xl font-extrabold text-zinc-50">
        People
      </h1>
      <div className="max-w-xl">
        <TextField
          label="Search listeners"
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="E-mail or name"
          hint="The beginning of any word of an e-mail, a name or a username; several words narrow it down."
          error={refusal}
          autoComplete="off"
          data-testid="people-search"
        />
      </div>
      <div className="flex flex-col gap-2 md:hidden">
        <SelectField
          label="Sort by"
          value={sortValue(sort)}
          disabled={searching}
          onChange={(event) => {
            const picked = PEOPLE_SORTS.find((option) => sortValue(option.sort) === event.target.value);
            if (picked) setSort(picked.sort);
          }}
          data-testid="people-sort"
        >
          {PEOPLE_SORTS.map((option) => (
            <option key={sortValue(option.sort)} value={sortValue(option.sort)}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      {searching && !refused && <p className="text-sm text-zinc-400">{SEARCH_ORDER}</p>}
      {refused ? null : (
        <DataTable
          caption={searching ? `Listeners matching “${q}”` : `Listeners, ${peopleSortLabel(sort).toLowerCase()}`}
          testId="people-table"
          columns={columns}
          rows={pages.rows}
          source={pages}
          empty={{ icon: Users, title: searching ? `No listener matches “${q}”` : 'No listeners yet' }}
          sort={searching ? null : sort}
          onSortChange={searching ? undefined : (next) => setSort(next as SortState<PeopleSortKey>)}
          hasMore={pages.hasMore}
          loadingMore={pages.loadingMore}
          onLoadMore={pages.loadMore}
        />
      )}
    </section>
  );
}
