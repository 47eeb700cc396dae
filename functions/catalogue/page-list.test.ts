import { describe, expect, it } from 'vitest';
import { EtagConflict, keyValuePageList, type KeyValueStoreApi } from './page-list.js';

/** A store in memory whose ETag moves with each write; `racing` writes by another writer land before the next ones. */
function memoryStore(racing = 0) {
  const items = new Map<string, string>();
  let version = 0;
  const writes: string[] = [];
  const check = (ifMatch: string) => {
    if (racing > 0) {
      racing--;
      version++;
    }
    if (ifMatch !== `v${version}`) throw new EtagConflict();
    version++;
  };
  const store: KeyValueStoreApi = {
    get: (key) => Promise.resolve(items.get(key) ?? null),
    etag: () => Promise.resolve(`v${version}`),
    put(key, value, ifMatch) {
      check(ifMatch);
      items.set(key, value);
      writes.push(`put ${key}`);
      return Promise.resolve();
    },
    delete(key, ifMatch) {
      check(ifMatch);
      items.delete(key);
      writes.push(`delete ${key}`);
      return Promise.resolve();
    },
  };
  return { store, items, writes };
}

describe('the page list in a KeyValueStore', () => {
  it('lists a page by its path, and writes nothing for a page listed already', async () => {
    const { store, items, writes } = memoryStore();
    const list = keyValuePageList(store);
    await list.list('/album/a', '/pages/album/a.html');
    await list.list('/album/a', '/pages/album/a.html');
    expect(items.get('/album/a')).toBe('/pages/album/a.html');
    expect(writes).toEqual(['put /album/a']);
  });

  it('takes a page off, and writes nothing for a page not listed', async () => {
    const { store, items, writes } = memoryStore();
    const list = keyValuePageList(store);
    await list.unlist('/album/a');
    await list.list('/album/a', '/pages/album/a.html');
    await list.unlist('/album/a');
    expect(items.has('/album/a')).toBe(false);
    expect(writes).toEqual(['put /album/a', 'delete /album/a']);
  });

  it('tries again with the new ETag when another writer got in first', async () => {
    const { store, items } = memoryStore(3);
    await keyValuePageList(store).list('/', '/pages/index.html');
    expect(items.get('/')).toBe('/pages/index.html');
  });
});
