/**
 * People: the label's listeners found by the beginning of any word of their e-mail, name or username (the search
 * waits until typing stops, and is kept in the address so a search can be reloaded and shared), page by page from
 * the server, each row a link to the listener's page.
 */
import { Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fieldErrorsOf, HttpError, serverMessageOf } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Badge } from '../../../ui/badge';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { peopleKeys, searchUsersPage, type UserRow } from '../api/admin-people';
import { DataTable, type Column } from '../table/data-table';
import type { SortState } from '../table/table-sort';
import { useCursorPages } from '../table/use-cursor-pages';
import { sortPeople, tierLabel, type PeopleSortKey } from './people-view';

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
];

export function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim());
  const [sort, setSort] = useState<SortState<PeopleSortKey> | null>(null);
  const pages = useCursorPages<UserRow>(peopleKeys.search(q), (cursor, signal) => searchUsersPage(q, cursor, signal));
  const rows = useMemo(() => sortPeople(pages.rows, sort), [pages.rows, sort]);
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
      {refused ? null : (
        <DataTable
          caption={q ? `Listeners matching “${q}”` : 'Listeners, newest first'}
          testId="people-table"
          columns={columns}
          rows={rows}
          source={pages}
          empty={{ icon: Users, title: q ? `No listener matches “${q}”` : 'No listeners yet' }}
          sort={sort}
          onSortChange={(next) => setSort(next as SortState<PeopleSortKey>)}
          hasMore={pages.hasMore}
          loadingMore={pages.loadingMore}
          onLoadMore={pages.loadMore}
        />
      )}
    </section>
  );
}
