/**
 * The admins' reads of people: the listener search and the whole list in any order, one cursor page at a time (a
 * Query on the users projection's index, never a Scan), a listener's page gathered from the views by key, and the
 * band page's fan signups read from the band's stream in order.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DELETED } from '../../events/index.js';
import { invalid } from '../platform/errors.js';
import { effectiveTier } from './domain/user.js';
import { purchasesPartition, type PurchaseView } from '../commerce/projections/commerce.js';
import { LIBRARY_ALBUMS, libraryPartition } from '../library/projections/library.js';
import { userStatsKey } from '../listening/projections/stats.js';
import { firstOrderOf, type PeopleSort, type SortOrder } from './contract/admin-people.js';
import { MIN_SEARCH_WORD, searchWords, userOrderPartition, userSearchPartition, type UserSearchRow } from './projections/user-search.js';
import { MEMBERSHIP_CHANGE, SIGN_IN_SLOT, userActivityPartition, userKey, type UserView } from './projections/users.js';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';
import { readEvent } from '../platform/event-store.js';
import { avatarUrlOf } from './users.js';
import { logicalItem } from '../platform/view-generations.js';
import { getView, queryViews, storedPk } from '../platform/views.js';

const PEOPLE_PAGE = 25;

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A cursor names where its list stopped, and which list: one of another query would start it in the wrong place. */
function encodeCursor(list: string, key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify({ list, key })).toString('base64url') : null;
}
function decodeCursor(list: string, cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { list?: unknown; key?: unknown };
    if (parsed.list === list && parsed.key && typeof parsed.key === 'object') return parsed.key as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw invalid('bad_cursor', 'This page cursor is not valid for this list; start from the first page');
}

/**
 * Where a read of the index goes on from, if it is an item's keys in the partition `pk` it reads: anything else in a
 * cursor (made up, or of another generation since a rebuild's switch) would make DynamoDB refuse the Query.
 */
function startIn(pk: string, start: unknown): Record<string, unknown> | undefined {
  if (start === undefined) return undefined;
  const key = start as Record<string, unknown>;
  const fields = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
  const valid =
    typeof start === 'object' &&
    start !== null &&
    Object.keys(key).length === fields.length &&
    fields.every((field) => typeof key[field] === 'string') &&
    key.gsi1pk === pk;
  if (!valid) throw invalid('bad_cursor', 'This page cursor is not valid for this list; start from the first page');
  return key;
}

type UserRowAnswer = Omit<UserSearchRow, 'userId' | 'searchText' | 'tier'> & { id: string; tier: 'free' | 'toko_plus' };

const toRow = (row: UserSearchRow, now: Date): UserRowAnswer => ({
  id: row.userId,
  email: row.email,
  displayName: row.displayName,
  username: row.username,
  role: row.role,
  tier: effectiveTier(row, now),
  subscriptionSource: row.subscriptionSource,
  subscriptionExpiresAt: row.subscriptionExpiresAt,
  blocked: row.blocked,
  createdAt: row.createdAt,
  // Items written before the list could sort by sign-in lack it until the users projection is rebuilt.
  lastSignInAt: row.lastSignInAt ?? null,
});

/** How the admins' list of people is asked for: a search, or everyone in an order. */
interface PeopleQuery {
  q?: string;
  sort?: PeopleSort;
  order?: SortOrder;
  limit?: number;
  cursor?: string;
}

/** A page of the search when `q` has words, else of everyone in `sort` order (newest first when none is asked). */
export function listPeople(query: PeopleQuery, now: Date): Promise<Page<UserRowAnswer>> {
  const limit = query.limit ?? PEOPLE_PAGE;
  if ((query.q ?? '').trim()) return searchUsers(query.q, query.cursor, now, limit);
  const sort = query.sort ?? 'joined';
  return everyone(sort, query.order ?? firstOrderOf(sort), query.cursor, now, limit);
}

/**
 * One page of every account in an order, either way: a Query of the order's index partition (in it, the sort key
 * the users projection wrote: user-search.ts), then of its blanks' partition (no name, never signed in), which come
 * last whichever way the list goes. The cursor says which of the two it stopped in, and where.
 */
async function everyone(sort: PeopleSort, order: SortOrder, cursor: string | undefined, now: Date, limit = PEOPLE_PAGE) {
  const list = `everyone:${sort}:${order}`;
  const at = decodeCursor(list, cursor) as { blank?: unknown; start?: Record<string, unknown> } | undefined;
  // `joined` has no blanks: every account has the moment it joined.
  const parts = sort === 'joined' ? [false] : [false, true];
  let part = at?.blank === true ? 1 : 0;
  let start = at?.start;
  const rows: UserSearchRow[] = [];
  while (part < parts.length && rows.length < limit) {
    const pk = await storedPk(userOrderPartition(sort, parts[part]));
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: env().TABLE_VIEWS,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: order === 'asc',
        Limit: limit - rows.length,
        ExclusiveStartKey: startIn(pk, start),
      }),
    );
    rows.push(...((out.Items ?? []) as UserSearchRow[]).map(logicalItem));
    start = out.LastEvaluatedKey;
    if (!start) part++;
  }
  // A page that filled up just as a partition ended goes on from the next one; DynamoDB's own cursor would end the list.
  const next = part < parts.length ? { blank: parts[part], ...(start ? { start } : {}) } : undefined;
  return { items: rows.map((row) => toRow(row, now)), nextCursor: encodeCursor(list, next) };
}

/**
 * One page of the accounts whose words begin with every word of `q`: the longest word picks the index partition
 * and the range in it, the others filter that range. They come in the order of that word, A to Z, then by account.
 */
async function searchUsers(
  q: string | undefined,
  cursor: string | undefined,
  now: Date,
  limit = PEOPLE_PAGE,
): Promise<Page<UserRowAnswer>> {
  const words = [...new Set(searchWords(q ?? ''))];
  if (!words.length) {
    throw invalid('query_too_short', `Type at least ${MIN_SEARCH_WORD} letters or digits of an e-mail or a name`);
  }
  const [longest, ...others] = [...words].sort((a, b) => b.length - a.length);
  const list = `search:${words.sort().join(' ')}`;
  const filter = others.map((_, i) => `contains(searchText, :w${i})`).join(' AND ');
  const pk = await storedPk(userSearchPartition(longest));
  // A Query's Limit counts the items it reads, before the other words filter them: a page of the longest word's range
  // can hold none of the accounts the others pick. Read on until the page is full, the range ends or the reads run out;
  // a page that stops early ends where its last account was, and the next one goes on from there.
  const seen = new Set<string>();
  const rows: UserSearchRow[] = [];
  let start = startIn(pk, decodeCursor(list, cursor));
  for (let reads = 0; reads < SEARCH_READS_PER_PAGE; reads++) {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: env().TABLE_VIEWS,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
        ...(filter ? { FilterExpression: filter } : {}),
        ExpressionAttributeValues: {
          ':pk': pk,
          ':prefix': longest,
          ...Object.fromEntries(others.map((w, i) => [`:w${i}`, ` ${w}`])),
        },
        Limit: filter ? SEARCH_READ : limit,
        ExclusiveStartKey: start,
      }),
    );
    const found = (out.Items ?? []) as UserSearchRow[];
    start = out.LastEvaluatedKey;
    for (const [i, stored] of found.entries()) {
      // Two words of one account can begin with the same letters: it is listed once.
      const row = logicalItem(stored);
      if (seen.has(row.userId)) continue;
      seen.add(row.userId);
      rows.push(row);
      if (rows.length === limit) {
        if (i < found.length - 1) start = indexKeyOf(stored);
        break;
      }
    }
    if (rows.length === limit || !start) break;
  }
  return { items: rows.map((row) => toRow(row, now)), nextCursor: encodeCursor(list, start) };
}

/** Items one search Query reads when other words filter them, and Queries one page may take. */
const SEARCH_READ = 200;
const SEARCH_READS_PER_PAGE = 10;

/** Where a read of the words' index stopped after `item`: its table and index keys, as DynamoDB's own cursor has. */
const indexKeyOf = (item: UserSearchRow): Record<string, unknown> => {
  const { pk, sk, gsi1pk, gsi1sk } = item as unknown as Record<string, unknown>;
  return { pk, sk, gsi1pk, gsi1sk };
};

interface ActivityItem {
  sk: string;
  at: string;
  actor: string;
  v: number;
  [field: string]: unknown;
}

/** Actors that are the app's own work: its setup and seed, and the account erasure. */
const SYSTEM_ACTORS = new Set(['system', 'seed', 'setup', 'account-erasure']);

/**
 * Who made a membership change, in words: the listener, Stripe (its webhooks, and the tier that follows its
 * subscription events), the system, or an admin by name (an account since deleted: "A former admin").
 */
async function actorNames(actors: readonly string[], listenerId: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    [...new Set(actors)].map(async (actor) => {
      if (actor === listenerId) names.set(actor, 'The listener');
      else if (actor === 'stripe' || actor === 'user-tier') names.set(actor, 'Stripe');
      else if (SYSTEM_ACTORS.has(actor)) names.set(actor, 'The system');
      else {
        const admin = await getView<UserView>(userKey(actor));
        const name = admin && admin.email !== DELETED.email ? (admin.displayName ?? admin.email) : null;
        names.set(actor, name ? `Admin ${name}` : 'A former admin');
      }
    }),
  );
  return names;
}

/** A listener's page for the admins: who they are, their membership's history, purchases, library, plays and sign-ins. */
export async function userPage(user: UserView, now: Date) {
  const [activity, purchases, library, stats] = await Promise.all([
    queryViews<ActivityItem>({ pk: userActivityPartition(user.id) }),
    queryViews<PurchaseView>({ pk: purchasesPartition(user.id) }),
    queryViews({ pk: libraryPartition(user.id) }, { skPrefix: LIBRARY_ALBUMS }),
    getView<{ playCount?: number }>(userStatsKey(user.id)),
  ]);
  const changes = activity.filter((a) => a.sk.startsWith(MEMBERSHIP_CHANGE));
  const names = await actorNames(
    changes.map((a) => a.actor),
    user.id,
  );
  return {
    user: adminUserOf(user, now),
    membershipHistory: changes.map((a) => ({
      at: a.at,
      actor: a.actor,
      actorName: names.get(a.actor)!,
      tier: a.tier as 'free' | 'toko_plus',
      status: a.status as string,
      source: a.source as string,
      startedAt: (a.startedAt as string | null) ?? null,
      expiresAt: (a.expiresAt as string | null) ?? null,
    })),
    purchases: purchases.map(({ orderId, albumId, title, artistName, purchasePrice, purchaseDate }) => ({
      orderId,
      albumId,
      title,
      artistName,
      purchasePrice,
      purchaseDate,
    })),
    librarySize: library.length,
    plays: stats?.playCount ?? 0,
    recentSignIns: activity
      .filter((a) => a.sk.startsWith(SIGN_IN_SLOT))
      .sort((a, b) => b.v - a.v)
      .map((a) => ({ at: a.at, method: a.method as string, secondFactor: (a.secondFactor as string | null) ?? null })),
  };
}

/** The account as the admins' screens show it, from the user as it is now. */
export function adminUserOf(user: UserView, now: Date) {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    username: user.username,
    role: user.role,
    tier: effectiveTier(user, now),
    subscriptionSource: user.subscriptionSource,
    subscriptionExpiresAt: user.subscriptionExpiresAt,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionStartedAt: user.subscriptionStartedAt,
    blocked: user.blocked,
    createdAt: user.createdAt,
    emailVerified: user.emailVerified,
    avatarUrl: avatarUrlOf(user),
    lastSignInAt: user.lastSignInAt,
    signInCount: user.signInCount,
    totpEnrolled: user.totpEnrolled,
    permissions: user.permissions,
  };
}

interface FanSignupRow {
  band: string;
  email: string;
  signedUpAt: string;
}

/** The stream POST /api/band/fan-signup appends to (functions/band/http/band.ts). */
const BAND_STREAM = 'band#dirtytexans';

/** The fan signups of the band page in the order they came, a page at a time (a key read of the band's stream). */
export async function fanSignups(cursor: string | undefined, limit = 100): Promise<Page<FanSignupRow>> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: env().TABLE_EVENTS,
      KeyConditionExpression: 'streamId = :s',
      ExpressionAttributeValues: { ':s': BAND_STREAM },
      Limit: limit,
      ExclusiveStartKey: decodeCursor('fan-signups', cursor),
    }),
  );
  // Through the event store's read, which opens the sealed addresses. A forgotten one (its account deleted) reads as its
  // placeholder and is left out: it stays in the log, but is nobody's to write to any more.
  const events = await Promise.all((out.Items ?? []).filter((item) => item.type === 'FanSignedUp').map(readEvent));
  const items = events.flatMap((event) =>
    event.type === 'FanSignedUp' && event.data.email !== DELETED.email
      ? [{ band: event.data.band, email: event.data.email, signedUpAt: event.meta.at }]
      : [],
  );
  return { items, nextCursor: encodeCursor('fan-signups', out.LastEvaluatedKey) };
}

/**
 * Every fan signup as CSV, oldest first; a field with a comma, a quote or a line break is quoted, and one a
 * spreadsheet would run as a formula (=, +, -, @) starts with an apostrophe.
 */
export async function fanSignupsCsv(): Promise<string> {
  const cell = (raw: string) => {
    const value = /^[=+\-@]/.test(raw) ? `'${raw}` : raw;
    return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  };
  const lines = ['band,email,signed_up_at'];
  let cursor: string | undefined;
  do {
    const page = await fanSignups(cursor, 1000);
    for (const row of page.items) lines.push([row.band, row.email, row.signedUpAt].map(cell).join(','));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return `${lines.join('\r\n')}\r\n`;
}
