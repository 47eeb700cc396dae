import { describe, expect, it } from 'vitest';
import { defaultEnd, localInputToIso, sortPeople, tierLabel, toLocalInput, withRefunds } from './people-view';

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

describe('sorting the loaded search results', () => {
  const rows = [
    { email: 'b@x', displayName: 'Zoe', createdAt: '2026-01-02' },
    { email: 'a@x', displayName: null, createdAt: '2026-01-03' },
    { email: 'c@x', displayName: 'Ada', createdAt: null },
  ];

  it('keeps the server order without a sort, and sorts by a column either way with blanks last', () => {
    expect(sortPeople(rows, null)).toEqual(rows);
    expect(sortPeople(rows, { key: 'name', direction: 'asc' }).map((r) => r.email)).toEqual(['c@x', 'b@x', 'a@x']);
    expect(sortPeople(rows, { key: 'name', direction: 'desc' }).map((r) => r.email)).toEqual(['b@x', 'c@x', 'a@x']);
    expect(sortPeople(rows, { key: 'email', direction: 'asc' }).map((r) => r.email)).toEqual(['a@x', 'b@x', 'c@x']);
    expect(sortPeople(rows, { key: 'joined', direction: 'desc' }).map((r) => r.email)).toEqual(['a@x', 'b@x', 'c@x']);
  });
});
