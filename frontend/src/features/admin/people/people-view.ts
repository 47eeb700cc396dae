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

export type Tier = 'free' | 'toko_plus';

/** "Toko+ (complimentary)", "Free": the tier in force, and where a Toko+ comes from. */
export function tierLabel(tier: Tier, source: string | null): string {
  if (tier === 'free') return 'Free';
  return source ? `Toko+ (${source})` : 'Toko+';
}

export type RefundState = 'refund_requested' | 'refunded';
export interface RefundOf {
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

export type PeopleSortKey = 'name' | 'email' | 'joined';

/**
 * The loaded rows of the search in the order of a clicked column; no sort keeps the server's order (by matching
 * word, or newest first). Rows without a name sort after those with one.
 */
export function sortPeople<Row extends { email: string; displayName: string | null; createdAt: string | null }>(
  rows: readonly Row[],
  sort: SortState<PeopleSortKey> | null,
): Row[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'desc' ? -1 : 1;
  const value = (row: Row) => (sort.key === 'name' ? row.displayName : sort.key === 'email' ? row.email : row.createdAt);
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === y) return a.email.localeCompare(b.email);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * x.localeCompare(y);
  });
}
