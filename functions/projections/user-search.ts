/**
 * The admins' listener search, kept by the users projection: one item per word of a user's e-mail, name and
 * username, on gsi1 under the word's first two letters and sorted by the word, so a prefix of any word is one
 * Query (never a Scan) however many accounts there are; and one item per user under `user-search#*`, newest
 * first, for the list with no query. Each item carries what a result row shows, so a page costs one Query.
 */
import type { ViewItem, ViewKey, ViewOp } from '../lib/projection.js';
import type { UserState } from '../domain/user/user.js';

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
    searchText: ` ${searchWords(textOf(user)).join(' ')}`,
  };
}

function items(user: UserState & { id: string; email: string }): ViewItem[] {
  const row = userSearchRow(user);
  return [
    { ...entryKey(user.id, 'everyone'), ...row, gsi1pk: USER_SEARCH_EVERYONE, gsi1sk: `${user.createdAt ?? ''}#${user.id}` },
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
