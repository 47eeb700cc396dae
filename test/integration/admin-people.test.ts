/** The admins' people routes through HTTP: search, a listener's page, complimentary Toko+, the admin role, blocking, fan signups. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '../../functions/accounts/domain/user.js';
import { readStream, dynamoEventStore } from '../../functions/platform/event-store.js';
import { hashPassword } from '../../functions/accounts/passwords.js';
import { runUserCommand, signInWithEmail } from '../../functions/accounts/users.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { listenTo } from '../support/plays.js';
import { signedInAdmin, signedInListener, type TestListener } from '../support/signed-in.js';
import { signUpFan } from './accounts-helpers.js';

beforeAll(useCloudEnv);

let admin: TestListener;
beforeAll(async () => {
  admin = await signedInAdmin();
});

/** How long a crowd of accounts made at once may take to reach the search view beside the other files' work. */
const SEARCH_INDEXED_MS = 30_000;
const tag = () => `q${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const account = async (email: string, displayName: string) =>
  (await signInWithEmail(email, 'email_code', displayName, { actor: 'test', correlationId: randomUUID(), eventStore: dynamoEventStore }))
    .user.id;

interface Row {
  id: string;
  email: string;
  displayName: string | null;
  tier: string;
  role: string;
  blocked: boolean;
}
const search = async (q: string, cursor?: string) => {
  const params = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) });
  const res = await admin.call(`/api/admin/users?${params}`);
  expect(res.status).toBe(200);
  return res.body as { items: Row[]; nextCursor: string | null };
};

describe('listener search', () => {
  it('finds listeners by the beginning of any word of their e-mail or name, and all words of the query must match', async () => {
    const word = tag();
    const ada = await account(`ada.${word}@example.com`, `Ada ${word}lovelace`);
    const grace = await account(`grace-${word}@example.org`, 'Grace Hopper');
    const found = await eventually(async () => {
      const page = await search(word.slice(0, 8));
      return page.items.length === 2 && page;
    });
    expect(found.items.map((r) => r.id).sort()).toEqual([ada, grace].sort());
    expect(found.items.find((r) => r.id === ada)).toMatchObject({
      email: `ada.${word}@example.com`,
      tier: 'free',
      role: 'user',
      blocked: false,
    });
    expect((await search(`${word}lov`)).items.map((r) => r.id)).toEqual([ada]);
    expect((await search(`hopp ${word}`)).items.map((r) => r.id)).toEqual([grace]);
    expect((await search(`GRACE-${word.toUpperCase()}@EXAMPLE.ORG`)).items.map((r) => r.id)).toEqual([grace]);
    expect((await search(`${word} nobody`)).items).toEqual([]);
  });

  it('finds the one account the other words pick, behind a page of accounts sharing its longest word', async () => {
    const word = tag();
    // 30 accounts whose words begin with `word` and sort before the one sought (`word#…` before `wordz#…`).
    const crowd = Array.from({ length: 30 }, (_, i) => account(`${word}-${i}@example.com`, `Fan ${i}`));
    const sought = await account(`${word}z@example.org`, 'Marguerite Duras');
    await Promise.all(crowd);
    // 31 accounts made at once wait for the search view on a loaded machine: up to SEARCH_INDEXED_MS.
    await eventually(async () => {
      const page = await search(word);
      return page.nextCursor !== null && (await search(word, page.nextCursor)).items.length === 6;
    }, SEARCH_INDEXED_MS);
    expect(await search(`${word} marguer`)).toEqual({ items: [expect.objectContaining({ id: sought })], nextCursor: null });
  });

  it('pages with a cursor, and refuses a query too short to search and a cursor of another list', async () => {
    const word = tag();
    const ids = await Promise.all(Array.from({ length: 27 }, (_, i) => account(`${word}-${i}@example.com`, `Fan ${i}`)));
    // All 27 indexed first: the accounts are made at once, and the search view takes each in its own time.
    const first = await eventually(async () => {
      const page = await search(word);
      return page.nextCursor !== null && (await search(word, page.nextCursor)).items.length === 2 && page;
    }, SEARCH_INDEXED_MS);
    expect(first.items).toHaveLength(25);
    const second = await search(word, first.nextCursor!);
    expect([...first.items, ...second.items].map((r) => r.id).sort()).toEqual(ids.sort());
    expect(second.nextCursor).toBeNull();

    expect(await admin.call('/api/admin/users?q=a')).toMatchObject({ status: 400, body: { error: 'query_too_short' } });
    expect(await admin.call(`/api/admin/users?q=other&cursor=${first.nextCursor}`)).toMatchObject({
      status: 400,
      body: { error: 'bad_cursor' },
    });
    expect(await admin.call('/api/admin/users?cursor=nonsense')).toMatchObject({ status: 400 });
    expect((await admin.call('/api/admin/users')).body.items.length).toBeGreaterThan(0);
  });

  it('is for admins only', async () => {
    const listener = await signedInListener('toko_plus');
    expect((await listener.call('/api/admin/users')).status).toBe(403);
    expect((await api('/api/admin/users')).status).toBe(401);
  });
});

describe("a listener's page and what an admin does to the account", () => {
  it('shows profile, tier, membership history, library, plays and sign-ins; a complimentary Toko+ comes and goes', async () => {
    const listener = await signedInListener();
    const { body: albums } = await api('/api/albums');
    const album = (albums as { id: string; accessLevel?: string }[])[0];
    await listener.call('/api/library/add-album', { method: 'POST', json: { albumId: album.id } });
    const { body: tracks } = await api(`/api/albums/${album.id}/tracks`);
    const track = (tracks as { tracks: { id: string; duration: number }[] }).tracks[0];
    expect(await listenTo(listener.call, { trackId: track.id, albumId: album.id, duration: track.duration })).toMatchObject({
      status: 202,
    });

    expect(await admin.call('/api/admin/users/nobody')).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
    const page = await eventually(async () => {
      const res = await admin.call(`/api/admin/users/${listener.userId}`);
      return res.body.plays === 1 && res.body.librarySize === 1 && res.body;
    }, 20_000);
    expect(page).toMatchObject({
      user: { id: listener.userId, email: listener.email, tier: 'free', role: 'user', blocked: false, signInCount: 1 },
      membershipHistory: [],
      purchases: [],
      recentSignIns: [{ method: 'email_code', secondFactor: null }],
    });

    const path = `/api/admin/users/${listener.userId}/complimentary-membership`;
    expect(await admin.call(path, { method: 'POST', json: { endsAt: '2020-01-01T00:00:00Z' } })).toMatchObject({
      status: 400,
      body: { error: 'invalid_end_date' },
    });
    expect(await admin.call(path, { method: 'POST', json: { endsAt: 'next week' } })).toMatchObject({ status: 400 });
    const endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const granted = await admin.call(path, { method: 'POST', json: { endsAt } });
    expect(granted).toMatchObject({
      status: 200,
      body: { user: { tier: 'toko_plus', subscriptionSource: 'complimentary', subscriptionExpiresAt: endsAt } },
    });
    expect((await listener.call('/api/users/me')).body).toMatchObject({ isSubscriber: true, subscriptionTier: 'toko_plus' });
    // The admin is the actor of the events, with the request as correlation id.
    const events = await readStream(userStream(listener.userId));
    const grant = events.find((e) => e.type === 'ComplimentaryMembershipGranted')!;
    expect(grant.meta.actor).toBe(admin.userId);
    expect(events.find((e) => e.type === 'SubscriptionTierChanged')!.meta.correlationId).toBe(grant.meta.correlationId);

    expect((await admin.call(path, { method: 'DELETE' })).body).toMatchObject({ user: { tier: 'free' } });
    expect(await admin.call(path, { method: 'DELETE' })).toMatchObject({ status: 409, body: { error: 'no_complimentary_membership' } });
    expect((await listener.call('/api/users/me')).body).toMatchObject({ isSubscriber: false });
    const history = await eventually(async () => {
      const { body } = await admin.call(`/api/admin/users/${listener.userId}`);
      return body.membershipHistory.length === 2 && body.membershipHistory;
    });
    expect(history).toMatchObject([
      { tier: 'toko_plus', source: 'complimentary', expiresAt: endsAt, actor: admin.userId, actorName: `Admin ${admin.displayName}` },
      { tier: 'free', status: 'cancelled', actor: admin.userId, actorName: `Admin ${admin.displayName}` },
    ]);
  });

  it('makes and revokes admins with what they may do: never an account without a password, never oneself', async () => {
    const listener = await signedInListener();
    const role = (id: string, value: string, by = admin, permissions: string[] = ['catalogue']) =>
      by.call(`/api/admin/users/${id}/role`, { method: 'PUT', json: value === 'admin' ? { role: value, permissions } : { role: value } });
    expect(await role(listener.userId, 'admin')).toMatchObject({ status: 409, body: { error: 'password_required' } });
    expect(await role(listener.userId, 'owner')).toMatchObject({ status: 400 });
    expect(await role(listener.userId, 'admin', admin, [])).toMatchObject({
      status: 400,
      body: { fields: { permissions: 'Choose at least one thing this admin may do' } },
    });

    await runUserCommand(
      listener.userId,
      { type: 'SetPassword', passwordHash: await hashPassword('a long password') },
      { actor: 'test', correlationId: 't', eventStore: dynamoEventStore },
    );
    expect(await role(listener.userId, 'admin')).toMatchObject({
      status: 200,
      body: { user: { role: 'admin', permissions: ['catalogue'] }, message: 'Now an admin' },
    });
    expect(await role(listener.userId, 'admin', admin, ['money', 'people'])).toMatchObject({
      status: 200,
      body: { user: { role: 'admin', permissions: ['people', 'money'] } },
    });
    expect(await role(admin.userId, 'admin', admin, ['catalogue'])).toMatchObject({ status: 403, body: { error: 'cannot_change_self' } });
    // Its listener session does not carry the admin role: an admin signs in with the password and the app.
    expect((await listener.call('/api/users/me')).status).toBe(401);
    expect(await role(admin.userId, 'user')).toMatchObject({ status: 403, body: { error: 'cannot_revoke_self' } });
    expect(await role(listener.userId, 'user')).toMatchObject({ status: 200, body: { user: { role: 'user' } } });
    const roster = (await readStream('admin-roster#label')).filter((e) => (e.data as { userId: string }).userId === listener.userId);
    expect(roster.map((e) => [e.type, e.meta.actor])).toEqual([
      ['AdminAppointed', admin.userId],
      ['AdminAppointed', admin.userId],
      ['AdminDismissed', admin.userId],
    ]);
  });

  it('blocking ends every session of the account at once and refuses its sign-in with a clear message, until unblocked', async () => {
    const listener = await signedInListener();
    const second = await signedInListener();
    const block = `/api/admin/users/${listener.userId}/block`;
    expect((await listener.call('/api/users/me')).status).toBe(200);

    expect(await admin.call(block, { method: 'POST', json: { reason: 'Chargebacks' } })).toMatchObject({
      status: 200,
      body: { user: { blocked: true } },
    });
    expect((await listener.call('/api/users/me')).status).toBe(401);
    expect(await api('/api/auth/smart-signin', { method: 'POST', json: { email: listener.email } })).toMatchObject({
      status: 403,
      body: { error: 'account_blocked', message: expect.stringMatching(/This account is blocked/) },
    });
    expect((await second.call('/api/users/me')).status).toBe(200);
    expect(await admin.call(`/api/admin/users/${admin.userId}/block`, { method: 'POST', json: {} })).toMatchObject({
      status: 403,
      body: { error: 'cannot_block_self' },
    });

    expect((await admin.call(block, { method: 'DELETE' })).body).toMatchObject({ user: { blocked: false }, message: 'Account unblocked' });
    // The sessions from before the block stay ended; a new sign-in works.
    expect((await listener.call('/api/users/me')).status).toBe(401);
    expect((await api('/api/auth/smart-signin', { method: 'POST', json: { email: listener.email } })).status).toBe(200);
  });

  it('an admin account cannot be blocked', async () => {
    const other = await signedInAdmin();
    expect(await admin.call(`/api/admin/users/${other.userId}/block`, { method: 'POST', json: {} })).toMatchObject({
      status: 409,
      body: { error: 'admin_account' },
    });
  });
});

describe('band fan signups', () => {
  it('are listed page by page and exported as CSV', async () => {
    const email = `fan-${randomUUID().slice(0, 8)}@example.com`;
    await signUpFan(email);
    let found: { band: string; email: string; signedUpAt: string } | undefined;
    let cursor: string | null = null;
    do {
      const res = await admin.call(`/api/admin/fan-signups${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      found ??= (res.body.items as { band: string; email: string; signedUpAt: string }[]).find((s) => s.email === email);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(found).toMatchObject({ band: 'dirtytexans', email, signedUpAt: expect.any(String) });

    const csv = await admin.call('/api/admin/fan-signups/export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/fan-signups\.csv/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('band,email,signed_up_at');
    expect(lines).toContain(`dirtytexans,${email},${found!.signedUpAt}`);
    expect(await admin.call('/api/admin/fan-signups?cursor=bad')).toMatchObject({ status: 400 });
  });
});
