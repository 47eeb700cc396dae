/**
 * The People list in the order asked, through HTTP: every account by name, e-mail, joining or last sign-in, either
 * way, page after page with the server's cursor. Other tests add accounts to the same cloud meanwhile, so the test
 * looks at where its own accounts come, relative to each other, in the whole list.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithEmail } from '../../functions/accounts/users.js';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

beforeAll(useCloudEnv);

let admin: TestListener;
beforeAll(async () => {
  admin = await signedInAdmin();
});

type Sort = 'name' | 'email' | 'joined' | 'lastSignIn';
type Order = 'asc' | 'desc';
interface Row {
  id: string;
  email: string;
  displayName: string | null;
  createdAt: string | null;
  lastSignInAt: string | null;
}
interface Page {
  items: Row[];
  nextCursor: string | null;
}

const list = async (query: Record<string, string | number | undefined>): Promise<Page> => {
  const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const res = await admin.call(`/api/admin/users?${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
};

const signIn = (email: string, displayName: string | null) =>
  signInWithEmail(email, 'email_code', displayName, { actor: 'test', correlationId: randomUUID(), eventStore: dynamoEventStore });

/**
 * The whole list in one order, in pages of 100: where the accounts of `mine` come, and the cursor of the page before
 * the first of them (null: the first page).
 */
async function wholeList(sort: Sort, order: Order, mine: ReadonlySet<string>) {
  const found: string[] = [];
  let cursor: string | null = null;
  let before: string | null | undefined;
  do {
    const page: Page = await list({ sort, order, limit: 100, cursor: cursor ?? undefined });
    for (const row of page.items) {
      if (!mine.has(row.id)) continue;
      // None of ours comes twice: the pages follow one another where the last one stopped. (Another file's account
      // may: one signed in between two pages moves in the last-sign-in order, and may come again.)
      expect(found.includes(row.id), `${row.id} listed twice`).toBe(false);
      found.push(row.id);
    }
    if (before === undefined && found.length) before = cursor;
    cursor = page.nextCursor;
  } while (cursor);
  return { found, before: before ?? null };
}

/** From `cursor` on, in pages of 2 (the cursor works whatever the page size), until every one of `mine` has come. */
async function smallPages(sort: Sort, order: Order, cursor: string | null, mine: ReadonlySet<string>) {
  const found: string[] = [];
  let pages = 0;
  do {
    const page: Page = await list({ sort, order, limit: 2, cursor: cursor ?? undefined });
    expect(page.items.length).toBeLessThanOrEqual(2);
    found.push(...page.items.filter((row) => mine.has(row.id)).map((row) => row.id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && found.length < mine.size && pages < 200);
  return found;
}

describe('the People list in an order', () => {
  it('pages through every account by name, e-mail, joining and last sign-in, both ways, with small pages too', async () => {
    const tag = `o${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    // Made in this order (so joined: p0, p1, p2, p3); names, addresses and last sign-ins each in another order.
    const made = [];
    for (const [local, name] of [
      ['b', `${tag} Cole`],
      ['d', `${tag} ada`],
      ['a', `${tag} Émile`],
      ['c', `${tag} Ada Byron`],
    ] as const) {
      made.push((await signIn(`${tag}-${local}@example.com`, name)).user);
    }
    const [p0, p1, p2, p3] = made.map((user) => user.id);
    // Signed in again: p2's sign-in is the one it joined with, then p1, p3, p0.
    for (const user of [made[1], made[3], made[0]]) await signIn(user.email, null);
    const mine = new Set([p0, p1, p2, p3]);

    const expected: Record<Sort, string[]> = {
      // "ada" before "ada byron" (a name before the longer ones it begins), whatever the case; É sorts as E.
      name: [p1, p3, p0, p2],
      email: [p2, p0, p3, p1],
      joined: [p0, p1, p2, p3],
      lastSignIn: [p2, p1, p3, p0],
    };
    // The last sign-in is the last thing projected of each account: once its order is right, every order is.
    await eventually(async () => (await wholeList('lastSignIn', 'asc', mine)).found.join() === expected.lastSignIn.join(), 20_000);

    for (const sort of ['name', 'email', 'joined', 'lastSignIn'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const want = order === 'asc' ? expected[sort] : [...expected[sort]].reverse();
        const whole = await wholeList(sort, order, mine);
        expect(whole.found, `${sort} ${order}`).toEqual(want);
        expect(await smallPages(sort, order, whole.before, mine), `${sort} ${order} in pages of 2`).toEqual(want);
      }
    }

    // The rows carry the last sign-in they are ordered by.
    const row = (await list({ q: tag })).items.find((r) => r.id === p0);
    expect(row).toMatchObject({ email: `${tag}-b@example.com`, displayName: `${tag} Cole`, lastSignInAt: expect.any(String) });
    expect(Date.parse(row!.lastSignInAt!)).toBeGreaterThan(Date.parse(row!.createdAt!));
    // Unasked, the list is everyone newest first, and an order goes A to Z for names, newest first for moments.
    const createdAt = (await list({ limit: 100 })).items.map((r) => r.createdAt ?? '');
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    const byName = await list({ sort: 'name', limit: 1 });
    expect((await list({ sort: 'name', order: 'asc', limit: 1, cursor: byName.nextCursor! })).items).toHaveLength(1);
    const bySignIn = await list({ sort: 'lastSignIn', limit: 1 });
    expect((await list({ sort: 'lastSignIn', order: 'desc', limit: 1, cursor: bySignIn.nextCursor! })).items).toHaveLength(1);
  });

  it('refuses an order it does not know, a search with an order, and a cursor of another order, with a message', async () => {
    for (const query of ['sort=age', 'sort=name&order=up', 'q=ada&sort=name', 'q=ada&order=desc', 'limit=0', 'limit=101']) {
      const res = await admin.call(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
    }
    const page = await list({ sort: 'name', limit: 1 });
    expect(page.nextCursor).not.toBeNull();
    for (const query of [
      { sort: 'email', cursor: page.nextCursor! } as Record<string, string>,
      { sort: 'name', order: 'desc', cursor: page.nextCursor! },
      { q: 'ada', cursor: page.nextCursor! },
    ]) {
      const res = await admin.call(`/api/admin/users?${new URLSearchParams(query)}`);
      expect(res, JSON.stringify(query)).toMatchObject({ status: 400, body: { error: 'bad_cursor' } });
    }
    expect((await list({ sort: 'name', limit: 1, cursor: page.nextCursor! })).items).toHaveLength(1);
    // A cursor made up, or naming a place in another order's index, is refused too, never passed on to the database.
    const madeUp = (key: unknown) => Buffer.from(JSON.stringify({ list: 'everyone:name:asc', key })).toString('base64url');
    const elsewhere = { pk: 'user-search#x', sk: 'order#email', gsi1pk: 'user-order#email', gsi1sk: 'a x' };
    for (const key of [{ start: { pk: 1 } }, { start: elsewhere }, { start: { ...elsewhere, gsi1pk: 'user-order#name', extra: 1 } }]) {
      const res = await admin.call(`/api/admin/users?sort=name&cursor=${madeUp(key)}`);
      expect(res, JSON.stringify(key)).toMatchObject({ status: 400, body: { error: 'bad_cursor' } });
    }
  });
});
