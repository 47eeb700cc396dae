import { describe, expect, it } from 'vitest';
import { DELETED, type NewEvent } from '../../../events/index.js';
import { complimentaryTierChange, storedEvent } from '../../platform/stored-event.fixtures.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { project } from '../../platform/projection.js';
import type { ViewItem } from '../../platform/projection.js';
import { ownerOf, physicalItem } from '../../platform/view-generations.js';
import { searchWords, sortText, USER_ORDERS, userOrderKey, userOrderPartition, userSearchWords, type UserOrder } from './user-search.js';
import { usersProjection } from './users.js';

describe('the words a listener is found by', () => {
  it('are the lower-cased, accent-free words of the e-mail, the name and the username', () => {
    expect(searchWords('Zoë  Ångström-Hill <zoe.hill@Example.com>')).toEqual(['zoe', 'angstrom', 'hill', 'zoe', 'hill', 'example', 'com']);
    expect(userSearchWords({ email: 'ada.l@example.com', displayName: 'Ada Lovelace', username: 'ada_l' })).toEqual([
      'ada',
      'example',
      'com',
      'lovelace',
    ]);
  });

  it('leave out a word that begins another one of the same listener: its prefixes find them anyway', () => {
    expect(userSearchWords({ email: 'ad@x.io', displayName: 'Adam Adams', username: null })).toEqual(['io', 'adams']);
  });
});

describe('the search items of the users view', () => {
  const stored = (version: number, event: NewEvent) => storedEvent('user#u1', version, event);
  const registered: NewEvent = {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'ada@example.com', username: null, displayName: 'Ada Byron', source: 'email_code' },
  };

  it('index each word under its first two letters, follow a change of name, and list everyone newest first', async () => {
    const store = memoryViewStore();
    await project(usersProjection, store, stored(1, registered));
    await project(usersProjection, store, stored(2, { type: 'ProfileChanged', data: { userId: 'u1', displayName: 'Ada Lovelace' } }));
    const items = store.snapshot();
    const search = Object.entries(items).filter(([key]) => key.startsWith('user-search#u1|'));
    expect(search.map(([key]) => key).sort()).toEqual([
      'user-search#u1|everyone',
      'user-search#u1|order#email',
      'user-search#u1|order#lastSignIn',
      'user-search#u1|order#name',
      'user-search#u1|word#ada',
      'user-search#u1|word#com',
      'user-search#u1|word#example',
      'user-search#u1|word#lovelace',
    ]);
    expect(items['user-search#u1|word#lovelace']).toMatchObject({
      gsi1pk: 'user-search#lo',
      gsi1sk: 'lovelace#u1',
      userId: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      searchText: ' ada example com ada lovelace',
    });
    expect(items['user-search#u1|everyone']).toMatchObject({ gsi1pk: 'user-search#*', gsi1sk: '2026-01-01T00:00:00.000Z#u1' });
  });

  it('keep the membership changes and the last 10 sign-ins of each listener', async () => {
    const store = memoryViewStore();
    await project(usersProjection, store, stored(1, registered));
    for (let v = 2; v <= 13; v++) {
      await project(
        usersProjection,
        store,
        stored(v, { type: 'UserSignedIn', data: { userId: 'u1', sessionId: `s${v}`, method: 'email_code' } }),
      );
    }
    await project(usersProjection, store, stored(14, complimentaryTierChange('u1', null, null)));
    const activity = Object.entries(store.snapshot()).filter(([key]) => key.startsWith('user-activity#u1|'));
    const signIns = activity.filter(([key]) => key.includes('|sign-in#')).map(([, item]) => item.v);
    expect(signIns.sort((a, b) => Number(a) - Number(b))).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(activity.filter(([key]) => key.includes('|membership#')).map(([key]) => key)).toEqual(['user-activity#u1|membership#00000014']);
  });
});

describe('the sort keys of the list of everyone', () => {
  const user = (id: string, fields: Partial<Parameters<typeof userOrderKey>[0]> = {}) => ({
    id,
    email: `${id}@example.com`,
    displayName: null,
    username: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSignInAt: null,
    ...fields,
  });
  const sorted = (order: UserOrder, users: ReturnType<typeof user>[]) =>
    users
      .map((u) => ({ id: u.id, ...userOrderKey(u, order) }))
      .sort((a, b) => (a.gsi1sk < b.gsi1sk ? -1 : a.gsi1sk > b.gsi1sk ? 1 : 0))
      .map((k) => k.id);

  it('fold names to lower-case, accent-free words, so a name sorts before the longer ones it begins', () => {
    expect(sortText('  Émile   Zola-Ångström ')).toBe('emile!zola!angstrom');
    expect(sortText('ADA.l@Example.com')).toBe('ada!l!example!com');
    const names = ['Adam', 'ada byron', 'Ada', 'Émile', 'emile', 'Bob', 'Zoë', 'Ada-Claire'];
    const users = names.map((displayName, i) => user(`u${i}`, { displayName }));
    expect(sorted('name', users).map((id) => names[Number(id.slice(1))])).toEqual([
      'Ada',
      'ada byron',
      'Ada-Claire',
      'Adam',
      'Bob',
      'Émile',
      'emile',
      'Zoë',
    ]);
  });

  it('break ties by the account id, so equal names keep one order across pages', () => {
    const twins = ['u9', 'u1', 'u5'].map((id) => user(id, { displayName: 'Sam' }));
    expect(sorted('name', twins)).toEqual(['u1', 'u5', 'u9']);
    expect(sorted('joined', twins)).toEqual(['u1', 'u5', 'u9']);
  });

  it('order moments as ISO dates, and put the blanks (no name, never signed in) in a partition of their own', () => {
    const early = user('b', { createdAt: '2025-06-01T10:00:00.000Z', lastSignInAt: '2026-03-01T09:00:00.000Z' });
    const late = user('a', { createdAt: '2026-02-01T10:00:00.000Z', lastSignInAt: '2026-02-15T09:00:00.000Z' });
    expect(sorted('joined', [late, early])).toEqual(['b', 'a']);
    expect(sorted('lastSignIn', [early, late])).toEqual(['a', 'b']);
    expect(userOrderKey(late, 'lastSignIn')).toEqual({ gsi1pk: 'user-order#lastSignIn', gsi1sk: '2026-02-15T09:00:00.000Z a' });
    expect(userOrderKey(user('c'), 'lastSignIn')).toEqual({ gsi1pk: 'user-order#lastSignIn#blank', gsi1sk: '2026-01-01T00:00:00.000Z c' });
    // Without a display name the username is the name shown; with neither, the address orders the blanks.
    expect(userOrderKey(user('d', { username: 'DJ_Kat' }), 'name')).toEqual({ gsi1pk: 'user-order#name', gsi1sk: 'dj!kat d' });
    expect(userOrderKey(user('e'), 'name')).toEqual({ gsi1pk: 'user-order#name#blank', gsi1sk: 'e!example!com e' });
    expect(userOrderKey(user('f', { email: 'Zed.Fan@Example.COM' }), 'email').gsi1sk).toBe('zed!fan!example!com f');
  });
});

describe('the order items of the users view', () => {
  const stored = (version: number, event: NewEvent, at?: string) => storedEvent('user#u1', version, event, at);
  const orderItems = (items: Record<string, ViewItem>) =>
    Object.fromEntries(
      Object.entries(items)
        .filter(([key]) => key.startsWith('user-search#u1|order#') || key === 'user-search#u1|everyone')
        .map(([key, item]) => [key.split('|')[1], { gsi1pk: item.gsi1pk, gsi1sk: item.gsi1sk }]),
    );
  const registration = (displayName: string | null, username: string | null = null): NewEvent => ({
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'ada@example.com', username, displayName, source: 'email_code' },
  });
  const registered = registration(null);

  it('are one per order, and move with a change of name, of address and each sign-in', async () => {
    const store = memoryViewStore();
    await project(usersProjection, store, stored(1, registered, '2026-01-01T00:00:00.000Z'));
    expect(orderItems(store.snapshot())).toEqual({
      everyone: { gsi1pk: 'user-search#*', gsi1sk: '2026-01-01T00:00:00.000Z#u1' },
      'order#name': { gsi1pk: 'user-order#name#blank', gsi1sk: 'ada!example!com u1' },
      'order#email': { gsi1pk: 'user-order#email', gsi1sk: 'ada!example!com u1' },
      'order#lastSignIn': { gsi1pk: 'user-order#lastSignIn#blank', gsi1sk: '2026-01-01T00:00:00.000Z u1' },
    });
    expect(Object.keys(orderItems(store.snapshot()))).toHaveLength(USER_ORDERS.length);

    await project(usersProjection, store, stored(2, { type: 'ProfileChanged', data: { userId: 'u1', displayName: 'Ada Lovelace' } }));
    await project(
      usersProjection,
      store,
      stored(3, { type: 'EmailChangeRequested', data: { userId: 'u1', email: 'countess@new.example' } }),
    );
    await project(usersProjection, store, stored(4, { type: 'EmailVerified', data: { userId: 'u1', email: 'countess@new.example' } }));
    await project(
      usersProjection,
      store,
      stored(5, { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's1', method: 'email_code' } }, '2026-03-04T05:06:07.000Z'),
    );
    const items = store.snapshot();
    expect(orderItems(items)).toEqual({
      everyone: { gsi1pk: 'user-search#*', gsi1sk: '2026-01-01T00:00:00.000Z#u1' },
      'order#name': { gsi1pk: 'user-order#name', gsi1sk: 'ada!lovelace u1' },
      'order#email': { gsi1pk: 'user-order#email', gsi1sk: 'countess!new!example u1' },
      'order#lastSignIn': { gsi1pk: 'user-order#lastSignIn', gsi1sk: '2026-03-04T05:06:07.000Z u1' },
    });
    // Each carries the row the list shows.
    expect(items['user-search#u1|order#lastSignIn']).toMatchObject({
      userId: 'u1',
      email: 'countess@new.example',
      displayName: 'Ada Lovelace',
      lastSignInAt: '2026-03-04T05:06:07.000Z',
    });
    expect(userOrderPartition('joined')).toBe('user-search#*');
  });

  it('belong to the users projection, so a rebuild writes them to its new generation, index partition and all', () => {
    for (const order of USER_ORDERS) for (const blank of [false, true]) expect(ownerOf(userOrderPartition(order, blank))).toBe('users');
    const item = {
      pk: 'user-search#u1',
      sk: 'order#name',
      ...userOrderKey({ id: 'u1', email: 'a@x.io', displayName: 'Ada', username: null, createdAt: null, lastSignInAt: null }, 'name'),
    };
    expect(physicalItem(item, { users: 2 })).toMatchObject({ pk: '~g2~user-search#u1', gsi1pk: '~g2~user-order#name' });
  });

  it('keep nothing of an erased account but the placeholders, and stay where the list shows it', async () => {
    const store = memoryViewStore();
    await project(usersProjection, store, stored(1, registration('Ada Lovelace', 'adal')));
    await project(
      usersProjection,
      store,
      stored(2, { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's1', method: 'email_code' } }),
    );
    await project(usersProjection, store, stored(3, { type: 'AccountDeleted', data: { userId: 'u1' } }));
    const items = store.snapshot();
    const search = Object.entries(items).filter(([key]) => key.startsWith('user-search#u1|'));
    expect(JSON.stringify(search)).not.toMatch(/ada|lovelace/i);
    expect(orderItems(items)).toMatchObject({
      'order#name': { gsi1pk: 'user-order#name', gsi1sk: `${sortText(DELETED.name)} u1` },
      'order#email': { gsi1pk: 'user-order#email', gsi1sk: `${sortText(DELETED.email)} u1` },
    });
  });
});
