/** What the people screens show of the answers they get: date-time fields, tiers, refunded purchases, sorting. Pure. */
import type { SortState } from '../table/table-sort';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input holds it: `YYYY-MM-DDTHH:mm`, in the browser's time zone. */
export const toLocalInput = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/**
 * A `datetime-local` value (the browser's time zone) as the ISO moment the API takes. Anything else is sent as typed,
 * so the server's message for the field says what is wrong with it rather than the screen guessing.
 */
export function localInputToIso(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : value;
}

/** The end a complimentary Toko+ starts with in the picker: `days` from `now`, at the same minute. */
export const defaultEnd = (now: Date, days = 30): Date => {
  const end = new Date(now);
  end.setDate(end.getDate() + days);
  end.setSeconds(0, 0);
  return end;
};

type Tier = 'free' | 'toko_plus';

/** "Toko+ (complimentary)", "Free": the tier in force, and where a Toko+ comes from. */
export function tierLabel(tier: Tier, source: string | null): string {
  if (tier === 'free') return 'Free';
  return source ? `Toko+ (${source})` : 'Toko+';
}

export type RefundState = 'refund_requested' | 'refunded';
interface RefundOf {
  orderId: string;
  status: RefundState;
}

/**
 * A listener's purchases with the refunds made from this page: a refunded purchase leaves the server's list once
 * Stripe confirms, yet stays on screen marked, so the admin sees what the click did. Rows keep the server's order;
 * refunded rows the server no longer lists follow them.
 */
export function withRefunds<Row extends { id: string; orderId: string }>(
  listed: readonly Row[],
  refunded: readonly Row[],
  refunds: readonly RefundOf[],
): Array<Row & { refund: RefundState | null }> {
  const state = new Map(refunds.map((r) => [r.orderId, r.status]));
  const shown = new Set(listed.map((row) => row.id));
  return [...listed, ...refunded.filter((row) => !shown.has(row.id))].map((row) => ({ ...row, refund: state.get(row.orderId) ?? null }));
}

export type PeopleSortKey = 'name' | 'email' | 'joined' | 'lastSignIn';
export const PEOPLE_SORT_KEYS: readonly PeopleSortKey[] = ['name', 'email', 'joined', 'lastSignIn'];

/** The order the server lists everyone in when none is asked for: newest first. */
export const DEFAULT_PEOPLE_SORT: SortState<PeopleSortKey> = { key: 'joined', direction: 'desc' };

/** Every order, as the sort menu offers it (a phone has no room for the table's headers), with its words. */
export const PEOPLE_SORTS: ReadonlyArray<{ sort: SortState<PeopleSortKey>; label: string }> = [
  { sort: { key: 'joined', direction: 'desc' }, label: 'Newest first' },
  { sort: { key: 'joined', direction: 'asc' }, label: 'Oldest first' },
  { sort: { key: 'name', direction: 'asc' }, label: 'Name, A to Z' },
  { sort: { key: 'name', direction: 'desc' }, label: 'Name, Z to A' },
  { sort: { key: 'email', direction: 'asc' }, label: 'E-mail, A to Z' },
  { sort: { key: 'email', direction: 'desc' }, label: 'E-mail, Z to A' },
  { sort: { key: 'lastSignIn', direction: 'desc' }, label: 'Signed in most recently' },
  { sort: { key: 'lastSignIn', direction: 'asc' }, label: 'Signed in least recently' },
];

/** "name,asc": one value of the sort menu. */
export const sortValue = (sort: SortState<PeopleSortKey>) => `${sort.key},${sort.direction}`;

/** The words of an order: "Name, A to Z". */
export const peopleSortLabel = (sort: SortState<PeopleSortKey>): string =>
  PEOPLE_SORTS.find((option) => sortValue(option.sort) === sortValue(sort))?.label ?? 'Newest first';

/**
 * The query of a page of People: a search (whose results come by the word they match, so it sends no order), or
 * everyone in the order asked.
 */
export function peopleQuery(q: string, sort: SortState<PeopleSortKey>, cursor: string | null) {
  const order = q ? {} : { sort: sort.key, order: sort.direction };
  return { ...(q ? { q } : order), ...(cursor ? { cursor } : {}) };
}
