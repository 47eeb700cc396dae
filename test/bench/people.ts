/**
 * The admins' listener search over 10,000 accounts: p95 of GET /api/admin/users ≤ 150 ms locally. The accounts'
 * search items are written with the users projection's own code (userSearchOps), straight into the views table,
 * which is what 10,000 sign-ups would leave there; then an admin searches prefixes of names and e-mails, one and
 * two words, and reads the list of everyone in one of its orders (name, e-mail, joined, last sign-in, either way).
 */
import { randomUUID } from 'node:crypto';
import { initialUserState, type UserState } from '../../functions/accounts/domain/user.js';
import { userSearchOps } from '../../functions/accounts/projections/user-search.js';
import { percentile, type Row } from './rows.js';
import { adminToken, writeViewItems } from './seed.js';

const ACCOUNTS = 10_000;
const SEARCHES = 300;
const FIRST = [
  'ada',
  'grace',
  'alan',
  'barbara',
  'edsger',
  'margaret',
  'donald',
  'frances',
  'john',
  'radia',
  'ken',
  'sophie',
  'linus',
  'hedy',
  'tim',
  'karen',
];
const LAST = [
  'lovelace',
  'hopper',
  'turing',
  'liskov',
  'dijkstra',
  'hamilton',
  'knuth',
  'allen',
  'backus',
  'perlman',
  'thompson',
  'wilson',
  'torvalds',
  'lamarr',
  'berners',
  'jones',
];
const DOMAINS = ['example.com', 'mail.example', 'label.example', 'fans.example'];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

function account(i: number): UserState & { id: string; email: string } {
  const first = pick(FIRST);
  const last = pick(LAST);
  const id = randomUUID();
  return {
    ...initialUserState,
    v: 1,
    id,
    email: `${first}.${last}${i}@${pick(DOMAINS)}`,
    displayName: `${first[0].toUpperCase()}${first.slice(1)} ${last[0].toUpperCase()}${last.slice(1)}`,
    createdAt: new Date(Date.now() - i * 60_000).toISOString(),
    // One in five never signed in: the last sign-in order reads its blanks too.
    lastSignInAt: i % 5 ? new Date(Date.now() - Math.random() * 30 * 86_400_000).toISOString() : null,
  };
}

async function seedAccounts() {
  const items = Array.from({ length: ACCOUNTS }, (_, i) => userSearchOps(initialUserState, account(i)))
    .flat()
    .flatMap((op) => (op.kind === 'put' ? [op.item] : []));
  return writeViewItems(items);
}

const ORDERS = [
  'sort=name&order=asc',
  'sort=name&order=desc',
  'sort=email&order=asc',
  'sort=joined&order=desc',
  'sort=lastSignIn&order=desc',
];

/** The query string of one request: a search, or (one in ten) everyone in an order. */
const query = () => {
  const kind = Math.random();
  if (kind < 0.1) return pick(ORDERS);
  const word = pick([...FIRST, ...LAST, 'example', 'mail', 'fans']);
  const prefix = word.slice(0, 2 + Math.floor(Math.random() * (word.length - 1)));
  return `q=${encodeURIComponent(kind < 0.8 ? prefix : `${prefix} ${pick(LAST).slice(0, 3)}`)}`;
};

export async function peopleSearchRow(baseUrl: string): Promise<Row> {
  const seeded = await seedAccounts();
  const token = await adminToken();
  const headers = { authorization: `Bearer ${token}` };
  // Warm the admin-people handler once.
  await fetch(`${baseUrl}/api/admin/users?q=ada`, { headers });
  const times: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const q = query();
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/admin/users?${q}`, { headers });
    await response.json();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET /api/admin/users?${q} answered ${response.status}`);
  }
  const p95 = percentile(times, 95);
  return {
    what: `admin listener search over ${ACCOUNTS} accounts (${seeded} index items), p95 of ${SEARCHES} searches and sorted pages (p50 ${percentile(times, 50).toFixed(0)} ms)`,
    measured: `${p95.toFixed(0)} ms`,
    budget: '≤ 150 ms',
    ratio: 150 / p95,
  };
}
