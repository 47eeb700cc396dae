import { describe, expect, it } from 'vitest';
import { DELETED, type NewEvent } from '../../../events/index.js';
import { consumersOf } from '../../consumers.js';
import { storedEvent } from '../../platform/stored-event.fixtures.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { project } from '../../platform/projection.js';
import { fromUserItem, userEvents, usersProjection } from './users.js';

const stored = (version: number, event: NewEvent, at?: string) => storedEvent('user#u1', version, event, at);

const history: NewEvent[] = [
  { type: 'UserRegistered', data: { userId: 'u1', email: 'ada@example.com', username: 'ada', displayName: 'Ada', source: 'beta_signup' } },
  { type: 'PasswordSet', data: { userId: 'u1', passwordHash: 'scrypt$secret-hash' } },
  { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } },
  { type: 'EmailChangeRequested', data: { userId: 'u1', email: 'ada@new.example' } },
  { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@new.example' } },
  { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's', method: 'password' } },
];

describe('users view', () => {
  it('reads an admin written before permissions existed as an owner, so no admin is locked out; a listener has none', () => {
    const item = { pk: 'user#u1', sk: 'user', id: 'u1', email: 'ada@example.com', v: 3 };
    expect(fromUserItem({ ...item, role: 'admin' }).permissions).toEqual(['owner']);
    expect(fromUserItem({ ...item, role: 'admin', permissions: ['money'] }).permissions).toEqual(['money']);
    expect(fromUserItem({ ...item, role: 'user' }).permissions).toEqual([]);
  });

  it('keeps the user by id and by e-mail and username, never the password hash, and follows an e-mail change', async () => {
    const store = memoryViewStore();
    for (const [i, e] of history.entries()) await project(usersProjection, store, stored(i + 1, e));
    const items = store.snapshot();
    expect(items['user#u1|user']).toMatchObject({
      id: 'u1',
      email: 'ada@new.example',
      emailVerified: true,
      pendingEmail: null,
      username: 'ada',
      hasPassword: true,
      v: 6,
    });
    expect(JSON.stringify(items)).not.toContain('secret-hash');
    expect(items['user-email#ada@new.example|user']).toMatchObject({ userId: 'u1' });
    expect(items['user-email#ada@example.com|user']).toBeUndefined();
    expect(items['user-username#ada|user']).toMatchObject({ userId: 'u1' });
  });

  it('finds a pending address apart from the one in force, and keeps the old address in force until the new one is confirmed', async () => {
    const store = memoryViewStore();
    await project(usersProjection, store, stored(1, history[0]));
    expect(store.snapshot()['user-pending-email#ada@example.com|user']).toMatchObject({ userId: 'u1' });
    expect(store.snapshot()['user-email#ada@example.com|user']).toBeUndefined();
    for (const [i, e] of history.slice(1, 4).entries()) await project(usersProjection, store, stored(i + 2, e));
    const items = store.snapshot();
    expect(items['user-pending-email#ada@example.com|user']).toBeUndefined();
    expect(items['user-email#ada@example.com|user']).toMatchObject({ userId: 'u1' });
    expect(items['user-email#ada@new.example|user']).toBeUndefined();
    expect(items['user#u1|user']).toMatchObject({ email: 'ada@example.com', pendingEmail: 'ada@new.example', emailVerified: true });
  });

  it('is fed every event of every user stream by its consumer, including types it does not project', () => {
    for (const type of [...userEvents, 'SomeFutureUserEvent']) {
      expect(consumersOf(type, 'user#u1').map((c) => c.name)).toContain('users');
    }
  });
});

describe('users view of a deleted account', () => {
  it('shows "Deleted listener" and drops the e-mail and username entries, but not a new account’s entry for the address', async () => {
    const store = memoryViewStore();
    for (const [i, e] of history.entries()) await project(usersProjection, store, stored(i + 1, e));
    await project(usersProjection, store, stored(7, { type: 'AccountDeleted', data: { userId: 'u1' } }));
    const items = store.snapshot();
    expect(items['user#u1|user']).toMatchObject({ email: DELETED.email, displayName: DELETED.name, username: null, blocked: true });
    expect(JSON.stringify(items)).not.toMatch(/ada@new\.example|"ada"/);

    const again = memoryViewStore();
    for (const [i, e] of history.entries()) await project(usersProjection, again, stored(i + 1, e));
    await again.commit('test', 'user#u2', 0, 1, [{ kind: 'put', item: { pk: 'user-email#ada@new.example', sk: 'user', userId: 'u2' } }]);
    await project(usersProjection, again, stored(7, { type: 'AccountDeleted', data: { userId: 'u1' } }));
    expect(again.snapshot()['user-email#ada@new.example|user']).toMatchObject({ userId: 'u2' });
  });
});
