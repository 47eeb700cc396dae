/** Sorting state of an admin table: which column, which way, and what a click on a header does to it. Pure. */

export type SortDirection = 'asc' | 'desc';

export interface SortState<Key extends string = string> {
  key: Key;
  direction: SortDirection;
}

/**
 * A click on a column's header: a new column sorts by its natural first direction (text A→Z, numbers and dates
 * newest or largest first, as a label reads a table of sales); the same column flips.
 */
export function nextSort<Key extends string>(current: SortState<Key> | null, key: Key, firstDirection: SortDirection): SortState<Key> {
  if (current?.key !== key) return { key, direction: firstDirection };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** The `aria-sort` of a header: screen readers announce the sorted column and its direction. */
export function ariaSort(current: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (current?.key !== key) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

/** The sort as the API's query reads it: `title` or `-title` (newest first: `-createdAt`). */
export const sortParam = (sort: SortState | null): string | undefined =>
  sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.key}` : undefined;

/** The inverse of sortParam, for a sort kept in the page's URL; anything not a known column is no sort. */
export function parseSortParam<Key extends string>(raw: string | null, keys: readonly Key[]): SortState<Key> | null {
  if (!raw) return null;
  const direction: SortDirection = raw.startsWith('-') ? 'desc' : 'asc';
  const key = raw.replace(/^-/, '');
  return (keys as readonly string[]).includes(key) ? { key: key as Key, direction } : null;
}
