import { describe, expect, it } from 'vitest';
import { parsePendingCheckout, pendingCheckout, readPendingCheckout } from './pending-checkout';

const now = 1_700_000_000_000;

describe('the pending checkout intent', () => {
  it('reads back what was saved within 600 s', () => {
    const saved = JSON.stringify(pendingCheckout(true, now));
    expect(parsePendingCheckout(saved, now + 599_000)).toEqual({ action: 'checkout', includeSubscription: true, ts: now });
  });

  it('is gone after 600 s', () => {
    expect(parsePendingCheckout(JSON.stringify(pendingCheckout(false, now)), now + 601_000)).toBeNull();
  });

  it('reads anything else as none', () => {
    expect(parsePendingCheckout(null, now)).toBeNull();
    expect(parsePendingCheckout('nope', now)).toBeNull();
    expect(readPendingCheckout({ action: null, includeSubscription: false, ts: null }, now)).toBeNull();
    expect(readPendingCheckout({ action: 'subscribe', ts: now }, now)).toBeNull();
  });

  it('counts the Toko+ choice only when it is exactly true', () => {
    expect(readPendingCheckout({ action: 'checkout', includeSubscription: 'yes', ts: now }, now)?.includeSubscription).toBe(false);
  });
});
