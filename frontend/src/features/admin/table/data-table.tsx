/**
 * The admin's table: a caption, sortable headers (buttons with `aria-sort`, so the keyboard and screen readers
 * sort too), skeleton rows while loading, a clear empty state, an error with a retry, and "Load more" for the
 * next server page. Sorting and filtering happen on the server: the table only reports a header's click.
 */
import { ArrowDown, ArrowUp, ArrowUpDown, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { ariaSort, nextSort, type SortDirection, type SortState } from './table-sort';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Sortable on the server, starting in this direction. */
  sortFirst?: SortDirection;
  /** Numbers and money line up on the right. */
  numeric?: boolean;
}

/** A row's React key: its `id` when it has one, else a `rowKey` that names it. */
type RowKey<Row> = Row extends { id: string } ? { rowKey?: (row: Row) => string } : { rowKey: (row: Row) => string };

const idOf = (row: unknown) => (row as { id: string }).id;

export type DataTableProps<Row> = RowKey<Row> & {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  /** The rows' query (react-query's or the cursor pages'): its state, its error, and how to ask again. None: rows at hand. */
  source?: { status: 'pending' | 'error' | 'success'; error: unknown; refetch: () => unknown };
  empty: { icon: LucideIcon; title: string; children?: ReactNode };
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  testId?: string;
};

const SKELETON_ROWS = 5;

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { caption, columns, rows, rowKey = idOf, source, sort = null, onSortChange, testId } = props;
  const status = source?.status ?? 'success';
  if (source?.status === 'error')
    return <ErrorState title={`Could not load ${caption.toLowerCase()}`} error={source.error} onRetry={() => void source.refetch()} />;
  // A first page the search filtered to nothing may still have accounts behind it: then the table offers more.
  if (status === 'success' && rows.length === 0 && !props.hasMore) {
    const { icon, title, children } = props.empty;
    return (
      <EmptyState icon={icon} title={title}>
        {children}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-xl border border-white/10">
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid={testId} aria-busy={status === 'pending'}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-white/5 text-xs uppercase tracking-wide text-zinc-300">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={column.sortFirst ? ariaSort(sort, column.key) : undefined}
                  className={cx('px-4 py-3 font-semibold', column.numeric && 'text-right')}
                >
                  {column.sortFirst && onSortChange ? (
                    <SortButton column={column} sort={sort} onSortChange={onSortChange} />
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {status === 'pending'
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <tr key={index}>
                    {columns.map((column) => (
                      <td key={column.key} className="px-4 py-3">
                        <Skeleton className="h-4 w-24" />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row) => (
                  <tr key={rowKey(row)} className="hover:bg-white/5">
                    {columns.map((column) => (
                      <td key={column.key} className={cx('px-4 py-3 text-zinc-100', column.numeric && 'text-right tabular-nums')}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {props.hasMore && props.onLoadMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={props.onLoadMore} disabled={props.loadingMore}>
            {props.loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

function SortButton<Row>({
  column,
  sort,
  onSortChange,
}: {
  column: Column<Row>;
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
}) {
  const sorted = sort?.key === column.key ? sort.direction : null;
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={() => onSortChange(nextSort(sort, column.key, column.sortFirst ?? 'asc'))}
      className={cx(
        'inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-zinc-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent',
        column.numeric && 'flex-row-reverse',
      )}
    >
      {column.header}
      <Icon aria-hidden="true" className="size-3.5" />
    </button>
  );
}
