/**
 * The admins' sales search: paid orders found by their id, by the buyer's e-mail address or by an album, newest
 * first, each with its buyer as the people screens show them and whether it was refunded. Read from the commerce
 * projection's sales (functions/commerce/projections/commerce.ts): an album's sales one cursor page at a time from its index,
 * a buyer's from their partition.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { invalid } from '../platform/errors.js';
import { albumSalesIndex, SALE_ORDER, saleKey, salesPartition, type SaleAlbumView, type SaleView } from './projections/commerce.js';
import { findUserIdByEmail } from '../accounts/index.js';
import { userKey, type UserView } from '../accounts/projections/users.js';
import { dynamoClient } from '../platform/aws.js';
import { readOrder } from './commerce.js';
import { env } from '../platform/env.js';
import { logicalItem } from '../platform/view-generations.js';
import { getView, getViews, queryViews, storedPk } from '../platform/views.js';

interface SalesQuery {
  orderId?: string;
  email?: string;
  albumId?: string;
  cursor?: string;
  limit: number;
}

interface SaleAnswer extends Omit<SaleView, 'userId'> {
  buyer: { id: string; email: string; displayName: string | null } | null;
}

interface SalesPage {
  sales: SaleAnswer[];
  nextCursor: string | null;
}

const badCursor = () => invalid('bad_cursor', 'This page cursor is not valid for this search; start from the first page');

/** A cursor names the search it belongs to, so one of another search is refused rather than starting it anywhere. */
function encodeCursor(search: string, at: unknown): string | null {
  return at === undefined ? null : Buffer.from(JSON.stringify({ search, at })).toString('base64url');
}
function decodeCursor(search: string, cursor: string | undefined): unknown {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { search?: unknown; at?: unknown };
    if (parsed.search === search && parsed.at !== undefined) return parsed.at;
  } catch {
    // refused below
  }
  throw badCursor();
}

export async function searchSales(query: SalesQuery): Promise<SalesPage> {
  const given = (['orderId', 'email', 'albumId'] as const).filter((k) => query[k] !== undefined);
  if (given.length !== 1) {
    throw invalid('one_search', 'Search by exactly one of an order id (orderId), an e-mail address (email) or an album (albumId)');
  }
  if (query.orderId !== undefined) return withBuyers(await saleOfOrder(query.orderId), null);
  if (query.email !== undefined) return buyerSales(query.email, query);
  return albumSales(query.albumId!, query);
}

/** The order's sale, found by its buyer (from the order's own stream); none for an unknown or unpaid order. */
async function saleOfOrder(orderId: string): Promise<SaleView[]> {
  const order = await readOrder(orderId);
  if (order.status === 'none' || order.status === 'started') return [];
  const sale = await getView<SaleView>(saleKey(order.order.userId, orderId));
  return sale ? [sale] : [];
}

const place = (sale: SaleView) => `${sale.purchaseDate}|${sale.orderId}`;

/** The orders of the account this address is in force for; an address nobody uses has none. */
async function buyerSales(email: string, page: SalesQuery): Promise<SalesPage> {
  const search = `email:${email.toLowerCase()}`;
  const after = decodeCursor(search, page.cursor);
  if (after !== undefined && typeof after !== 'string') throw badCursor();
  const userId = await findUserIdByEmail(email);
  if (!userId) return { sales: [], nextCursor: null };
  const all = (await queryViews<SaleView>({ pk: salesPartition(userId) }, { skPrefix: SALE_ORDER })).sort((a, b) =>
    place(b).localeCompare(place(a)),
  );
  const rest = after ? all.filter((s) => place(s) < after) : all;
  const sales = rest.slice(0, page.limit);
  return withBuyers(sales, rest.length > page.limit ? encodeCursor(search, place(sales[sales.length - 1])) : null);
}

/** One page of an album's sales from its index, newest first, each with its whole order. */
async function albumSales(albumId: string, page: SalesQuery): Promise<SalesPage> {
  const search = `album:${albumId}`;
  const start = decodeCursor(search, page.cursor);
  if (start !== undefined && (typeof start !== 'object' || start === null)) throw badCursor();
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: env().TABLE_VIEWS,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': await storedPk(albumSalesIndex(albumId)) },
      ScanIndexForward: false,
      // One more than the page: whether another page exists is known now, not from an empty page after it.
      Limit: page.limit + 1,
      ExclusiveStartKey: start as Record<string, unknown> | undefined,
    }),
  );
  const stored = (out.Items ?? []) as SaleAlbumView[];
  const shown = stored.slice(0, page.limit);
  const last = stored.length > page.limit ? (shown[shown.length - 1] as SaleAlbumView & { pk: string; sk: string }) : undefined;
  const listed = shown.map(logicalItem);
  const sales = await getViews<SaleView>(listed.map((s) => saleKey(s.userId, s.orderId)));
  const byOrder = new Map(sales.map((s) => [s.orderId, s]));
  const ordered = listed.flatMap((s) => byOrder.get(s.orderId) ?? []);
  return withBuyers(ordered, last ? encodeCursor(search, { pk: last.pk, sk: last.sk, gsi1pk: last.gsi1pk, gsi1sk: last.gsi1sk }) : null);
}

/** The sales with their buyers read from the users view (an erased account reads as its placeholders there). */
async function withBuyers(sales: SaleView[], nextCursor: string | null): Promise<SalesPage> {
  const users = await getViews<UserView>([...new Set(sales.map((s) => s.userId))].map(userKey));
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    sales: sales.map(({ userId, orderId, albums, amount, purchaseDate, status, refundedAt }) => {
      const user = byId.get(userId);
      return {
        orderId,
        buyer: user ? { id: user.id, email: user.email, displayName: user.displayName } : null,
        albums,
        amount,
        purchaseDate,
        status,
        refundedAt,
      };
    }),
    nextCursor,
  };
}
