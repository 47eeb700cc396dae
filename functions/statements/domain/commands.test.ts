import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../platform/stored-event.fixtures.js';
import { checkedMonth, closingDecider, contractDecider } from './commands.js';

const now = new Date('2026-03-15T10:00:00.000Z');
const close = (month: string, history = closingDecider.initialState) => closingDecider.decide({ month, now }, history);

describe('closing a month', () => {
  it('closes a month that is over, once', () => {
    expect(close('2026-02')).toEqual([{ type: 'StatementClosed', data: { month: '2026-02' } }]);
    const closed = closingDecider.evolve(
      closingDecider.initialState,
      storedEvent('statement#2026-02', 1, close('2026-02')[0], '2026-03-01T00:00:00.000Z'),
    );
    expect(() => close('2026-02', closed)).toThrow(expect.objectContaining({ kind: 'conflict', code: 'month_closed' }));
  });

  it('refuses the month under way, a future month and a malformed one', () => {
    expect(() => close('2026-03')).toThrow(expect.objectContaining({ kind: 'invalid', code: 'month_not_over' }));
    expect(() => close('2026-04')).toThrow(expect.objectContaining({ kind: 'invalid', code: 'future_month' }));
    expect(() => checkedMonth('2026-13', now)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'invalid_month' }));
    expect(checkedMonth('2026-03', now)).toBe('2026-03');
  });
});

describe("setting an artist's contract", () => {
  const terms = { sales: 3000, membership: 5000, merch: 6000 };
  it('records new terms, and nothing when they are the terms already', () => {
    const events = contractDecider.decide({ artistId: 'a', terms }, null);
    expect(events).toEqual([{ type: 'ArtistContractSet', data: { artistId: 'a', labelShareBasisPoints: terms } }]);
    const state = contractDecider.evolve(null, storedEvent('contract#a', 1, events[0]));
    expect(contractDecider.decide({ artistId: 'a', terms }, state)).toEqual([]);
  });

  it('refuses a share that is not whole basis points from 0 to 10000', () => {
    expect(() => contractDecider.decide({ artistId: 'a', terms: { ...terms, merch: 10_001 } }, null)).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'invalid_share' }),
    );
  });
});
