/**
 * The admins' listener search, kept by the users projection: one item per word of a user's e-mail, name and
 * username, on gsi1 under the word's first two letters and sorted by the word, so a prefix of any word is one
 * Query (never a Scan) however many accounts there are; and one item per user and order of the whole list: by when
 * they joined under `user-search#*`, and by name, e-mail and last sign-in under `user-order#<order>`. A page of the
 * list in any order, either way, is a Query of one index partition. Each item carries what a result row shows, so a
 * page costs one Query.
 */
import type { ViewItem, ViewKey, ViewOp } from '../../platform/projection.js';
import type { UserState } from '../domain/user.js';

export const USER_SEARCH_EVERYONE = 'user-search#*';
/** The words of a query shorter than this match too many accounts to be worth an index partition. */
export const MIN_SEARCH_WORD = 2;
const MAX_WORD = 40;
const MAX_WORDS = 16;

export const userSearchPartition = (word: string) => `user-search#${word.slice(0, MIN_SEARCH_WORD)}`;
const entryKey = (userId: string, sk: string): ViewKey => ({ pk: `user-search#${userId}`, sk });

/** Lower case, without accents, split on anything but letters and digits. Pure. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= MIN_SEARCH_WORD)
    .map((w) => w.slice(0, MAX_WORD));
}

const textOf = (user: Pick<UserState, 'email' | 'displayName' | 'username'>) =>
  `${user.email ?? ''} ${user.displayName ?? ''} ${user.username ?? ''}`;

/**
 * The words a user is found by: those of the e-mail, the display name and the username. A word that begins another
 * of the same user is left out: every prefix of it is a prefix of the longer one, so nothing is lost, and one user
 * has fewer items that match the same query.
 */
export function userSearchWords(user: Pick<UserState, 'email' | 'displayName' | 'username'>): string[] {
  const all = [...new Set(searchWords(textOf(user)))];
  return all.filter((w) => !all.some((other) => other !== w && other.startsWith(w))).slice(0, MAX_WORDS);
}

/** What a result row shows of a user. */
export interface UserSearchRow {
  userId: string;
  email: string;
  displayName: string | null;
  username: string | null;
  role: UserState['role'];
  tier: UserState['tier'];
  subscriptionSource: string | null;
  subscriptionExpiresAt: string | null;
  blocked: boolean;
  createdAt: string | null;
  lastSignInAt: string | null;
  /** ` word word …`: a later word of the query must begin one of these (` ada` in ` adams lovelace`). */
  searchText: string;
}

export function userSearchRow(user: UserState & { id: string; email: string }): UserSearchRow {
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    username: user.username,
    role: user.role,
    tier: user.tier,
    subscriptionSource: user.subscriptionSource,
    subscriptionExpiresAt: user.subscriptionExpiresAt,
    blocked: user.blocked,
    createdAt: user.createdAt,
    lastSignInAt: user.lastSignInAt,
    searchText: ` ${searchWords(textOf(user)).join(' ')}`,
  };
}

/** The orders the whole list is read in, each from items of its own; `joined` reads the `everyone` items. */
export const USER_ORDERS = ['name', 'email', 'joined', 'lastSignIn'] as const;
export type UserOrder = (typeof USER_ORDERS)[number];

/**
 * The index partition of an order, and of its accounts that have no value for it (no name, never signed in): those
 * are read after the others whichever way the list goes, as a spreadsheet puts its blanks last.
 */
export const userOrderPartition = (order: UserOrder, blank = false): string =>
  order === 'joined' ? USER_SEARCH_EVERYONE : `user-order#${order}${blank ? '#blank' : ''}`;

/**
 * A name or an address as it sorts: accent-free, lower case, its words (letters and digits) joined by `!`. Anything
 * else is left out, so nothing in it sorts below `!` and the space that follows it in a sort key puts "Ada" before
 * "Ada Byron" (a plain `#` would sort "ada b…" first). Pure.
 */
export function sortText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join('!');
}

/**
 * Where a user sorts in an order: the partition (theirs, or that of the blanks) and the sort key, which ends with
 * the user's id so that equal names or moments keep one order across pages. Dates are ISO, which sort as they read.
 * Without a name, the address stands in among the blanks; without a sign-in, the moment they joined. Pure.
 */
export function userOrderKey(
  user: Pick<UserState, 'email' | 'displayName' | 'username' | 'createdAt' | 'lastSignInAt'> & { id: string },
  order: UserOrder,
): { gsi1pk: string; gsi1sk: string } {
  const key = (value: string, blank = false) => ({ gsi1pk: userOrderPartition(order, blank), gsi1sk: `${value} ${user.id}` });
  switch (order) {
    case 'name': {
      const name = sortText(user.displayName ?? user.username ?? '');
      return name ? key(name) : key(sortText(user.email ?? ''), true);
    }
    case 'email':
      return key(sortText(user.email ?? ''));
    case 'joined':
      return { gsi1pk: USER_SEARCH_EVERYONE, gsi1sk: `${user.createdAt ?? ''}#${user.id}` };
    case 'lastSignIn':
      return user.lastSignInAt ? key(user.lastSignInAt) : key(user.createdAt ?? '', true);
  }
}

function items(user: UserState & { id: string; email: string }): ViewItem[] {
  const row = userSearchRow(user);
  return [
    { ...entryKey(user.id, 'everyone'), ...row, ...userOrderKey(user, 'joined') },
    ...USER_ORDERS.filter((order) => order !== 'joined').map((order) => ({
      ...entryKey(user.id, `order#${order}`),
      ...row,
      ...userOrderKey(user, order),
    })),
    ...userSearchWords(user).map((word) => ({
      ...entryKey(user.id, `word#${word}`),
      ...row,
      gsi1pk: userSearchPartition(word),
      gsi1sk: `${word}#${user.id}`,
    })),
  ];
}

const registered = (state: UserState): state is UserState & { id: string; email: string } => Boolean(state.id && state.email);

/** The writes that move a user's search items from `before` to `after`: none when no shown field changed. Pure. */
export function userSearchOps(before: UserState, after: UserState): ViewOp[] {
  if (!registered(after)) return [];
  const next = items(after);
  if (registered(before)) {
    const previous = items(before);
    if (JSON.stringify(previous) === JSON.stringify(next)) return [];
    const kept = new Set(next.map((i) => i.sk));
    const gone: ViewOp[] = previous.filter((i) => !kept.has(i.sk)).map((i) => ({ kind: 'delete', key: { pk: i.pk, sk: i.sk } }));
    return [...gone, ...next.map((item): ViewOp => ({ kind: 'put', item }))];
  }
  return next.map((item) => ({ kind: 'put', item }));
}
