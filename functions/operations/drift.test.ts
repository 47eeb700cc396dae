import { describe, expect, it } from 'vitest';
import type { ViewItem } from '../platform/projection.js';
import { compareImage } from './drift.js';

const key = (sk: string) => ({ pk: 'library#u1', sk });
const live = (...items: ViewItem[]) => new Map(items.map((i) => [`${i.pk}\u0000${i.sk}`, i]));

describe('comparing a stream re-projected with the live views', () => {
  it('finds nothing where the live items hold what the stream gives, whatever stamps and fields of other streams they carry', () => {
    const image = {
      items: [
        { key: key('album#a1'), item: { ...key('album#a1'), albumId: 'a1', v: 2, vStream: 's' }, fields: ['albumId', 'v', 'vStream'] },
      ],
    };
    expect(compareImage('s', image, live({ ...key('album#a1'), albumId: 'a1', v: 7, vStream: 'other', albumCount: 3 }))).toEqual([]);
  });

  it('finds a field of the stream with another value, in nested values too', () => {
    const image = { items: [{ key: key('fan'), item: { ...key('fan'), albumIds: ['a1'], userId: 'u1' }, fields: ['albumIds', 'userId'] }] };
    expect(compareImage('s', image, live({ ...key('fan'), albumIds: ['a1', 'a2'], userId: 'u1' }))).toEqual([
      { streamId: 's', pk: 'library#u1', sk: 'fan', field: 'albumIds', expected: '["a1"]', found: '["a1","a2"]' },
    ]);
    expect(compareImage('s', image, live({ ...key('fan'), albumIds: ['a1'] }))).toEqual([
      { streamId: 's', pk: 'library#u1', sk: 'fan', field: 'userId', expected: '"u1"', found: null },
    ]);
  });

  it('finds an item missing, and one there that the stream deleted', () => {
    const image = {
      items: [
        { key: key('album#a1'), item: { ...key('album#a1'), albumId: 'a1' }, fields: ['albumId'] },
        { key: key('album#a2'), item: null, fields: ['albumId'] },
      ],
    };
    expect(compareImage('s', image, live({ ...key('album#a2'), albumId: 'a2' }))).toEqual([
      { streamId: 's', pk: 'library#u1', sk: 'album#a1', field: null, expected: 'present', found: null },
      { streamId: 's', pk: 'library#u1', sk: 'album#a2', field: null, expected: null, found: 'present' },
    ]);
    expect(compareImage('s', { items: [image.items[1]] }, live())).toEqual([]);
  });
});
