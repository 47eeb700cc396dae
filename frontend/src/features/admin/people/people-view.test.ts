import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PEOPLE_SORT,
  defaultEnd,
  localInputToIso,
  PEOPLE_SORT_KEYS,
  PEOPLE_SORTS,
  peopleQuery,
  peopleSortLabel,
  sortValue,
  tierLabel,
  toLocalInput,
  withRefunds,
} from './people-view';

describe('date-time fields of the people screens', () => {
  it('writes a moment as a datetime-local input holds it and reads it back as the same moment', () => {
    const at = new Date(2026, 2, 4, 7, 5, 30);
    expect(toLocalInput(at)).toBe('2026-03-04T07:05');
    expect(localInputToIso('2026-03-04T07:05')).toBe(new Date(2026, 2, 4, 7, 5).toISOString());
  });

  it('sends anything that is not a date and time as typed, for the server to name what is wrong', () => {
    expect(localInputToIso('')).toBe('');
    expect(localInputToIso('next week')).toBe('next week');
    expect(localInputToIso('2026-13-45T99:99')).toBe('2026-13-45T99:99');
  });

  it('offers an end 30 days ahead, on the minute', () => {
    const end = defaultEnd(new Date(2026, 0, 10, 12, 30, 45, 500));
    expect(end).toEqual(new Date(2026, 1, 9, 12, 30, 0, 0));
    expect(defaultEnd(new Date(2026, 0, 10), 1)).toEqual(new Date(2026, 0, 11));
  });
});

describe('what the people screens say of a listener', () => {
  it('names the tier and where a Toko+ comes from', () => {
    expect(tierLabel('free', 'complimentary')).toBe('Free');
    expect(tierLabel('toko_plus', 'complimentary')).toBe('Toko+ (complimentary)');
    expect(tierLabel('toko_plus', null)).toBe('Toko+');
  });
});

describe('purchases with the refunds made from the page', () => {
  const a = { id: 'o1:a', orderId: 'o1' };
  const b = { id: 'o2:b', orderId: 'o2' };
  const c = { id: 'o2:c', orderId: 'o2' };

  it('marks every album of a refunded order, and keeps a refunded row the server no longer lists', () => {
    expect(withRefunds([a, b, c], [], [{ orderId: 'o2', status: 'refund_requested' }])).toEqual([
      { ...a, refund: null },
      { ...b, refund: 'refund_requested' },
      { ...c, refund: 'refund_requested' },
    ]);
    expect(withRefunds([a], [b, c], [{ orderId: 'o2', status: 'refunded' }])).toEqual([
      { ...a, refund: null },
      { ...b, refund: 'refunded' },
      { ...c, refund: 'refunded' },
    ]);
  });

  it('lists a row once when the server still lists it', () => {
    expect(withRefunds([a, b], [b], [{ orderId: 'o2', status: 'refunded' }]).map((row) => row.id)).toEqual(['o1:a', 'o2:b']);
  });
});

describe('the order People asks the server for', () => {
  it('is the order asked, either way, with the cursor; a search sends none, as its results come by the word they match', () => {
    expect(peopleQuery('', { key: 'name', direction: 'asc' }, null)).toEqual({ sort: 'name', order: 'asc' });
    expect(peopleQuery('', { key: 'lastSignIn', direction: 'desc' }, 'abc')).toEqual({ sort: 'lastSignIn', order: 'desc', cursor: 'abc' });
    expect(peopleQuery('ada', { key: 'name', direction: 'asc' }, 'abc')).toEqual({ q: 'ada', cursor: 'abc' });
  });

  it('names every order once in the menu, newest first being the default', () => {
    expect(new Set(PEOPLE_SORTS.map((option) => sortValue(option.sort))).size).toBe(PEOPLE_SORT_KEYS.length * 2);
    expect(peopleSortLabel(DEFAULT_PEOPLE_SORT)).toBe('Newest first');
    expect(peopleSortLabel({ key: 'email', direction: 'desc' })).toBe('E-mail, Z to A');
  });
});
