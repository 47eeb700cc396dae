import { describe, expect, it } from 'vitest';
import { batchStore } from './consumer.js';
import { memoryViewStore } from './memory-view-store.js';
import type { ViewKey } from './projection.js';

const album = { pk: 'album#a1', sk: 'album' };
const register = { pk: 'rollups#day#2026-11-28#3', sk: 'sketch#7' };

function countingStore() {
  const store = memoryViewStore();
  const reads: string[] = [];
  let failNext = false;
  return {
    store: {
      ...store,
      get: (key: ViewKey) => {
        reads.push(key.pk);
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('throttled'));
        }
        return store.get(key);
      },
    },
    seed: (items: Array<ViewKey & Record<string, unknown>>) =>
      store.commit(
        'seed',
        'seed',
        0,
        1,
        items.map((item) => ({ kind: 'put', item })),
      ),
    reads,
    failOnce: () => (failNext = true),
  };
}

describe('the store of one batch', () => {
  it('reads another projection’s item once, and the projection’s own items every time', async () => {
    const { store, seed, reads } = countingStore();
    await seed([
      { ...album, title: 'First Light' },
      { ...register, rank: 2 },
    ]);
    const views = batchStore(store, 'rollups');
    for (let i = 0; i < 3; i++) {
      expect(await views.get(album)).toMatchObject({ title: 'First Light' });
      expect(await views.get(register)).toMatchObject({ rank: 2 });
    }
    expect(reads.filter((pk) => pk === album.pk)).toHaveLength(1);
    expect(reads.filter((pk) => pk === register.pk)).toHaveLength(3);
    // A reader that changes what it got changes nobody else's copy.
    (await views.get(album))!.title = 'Changed';
    expect(await views.get(album)).toMatchObject({ title: 'First Light' });
    // The next batch reads again.
    await batchStore(store, 'rollups').get(album);
    expect(reads.filter((pk) => pk === album.pk)).toHaveLength(2);
  });

  it('reads again after a read that failed', async () => {
    const { store, seed, failOnce } = countingStore();
    await seed([{ ...album, title: 'First Light' }]);
    const views = batchStore(store, 'rollups');
    failOnce();
    await expect(views.get(album)).rejects.toThrow('throttled');
    expect(await views.get(album)).toMatchObject({ title: 'First Light' });
  });
});
