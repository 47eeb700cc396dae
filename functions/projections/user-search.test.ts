import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events/index.js';
import { complimentaryTierChange, storedEvent } from '../domain/stored-event.fixtures.js';
import { memoryViewStore } from '../lib/memory-view-store.js';
import { project } from '../lib/projection.js';
import { searchWords, userSearchWords } from './user-search.js';
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
