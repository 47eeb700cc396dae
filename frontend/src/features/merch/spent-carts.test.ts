import { describe, expect, it } from 'vitest';
import { CHECKOUT_MEMORY_MS, readCheckouts } from './spent-carts';

const now = Date.parse('2026-11-28T12:00:00Z');
const checkout = (cartId: string, at: number) => ({ cartId, at, lines: [{ variantId: 'gid://shopify/ProductVariant/1', quantity: 2 }] });

describe('readCheckouts', () => {
  it('keeps the carts the shop may still turn into orders, and forgets older ones', () => {
    const fresh = checkout('gid://shopify/Cart/a?key=1', now - 60_000);
    const old = checkout('gid://shopify/Cart/b?key=2', now - CHECKOUT_MEMORY_MS - 1);
    expect(readCheckouts(JSON.stringify([fresh, old]), now)).toEqual([fresh]);
  });

  it('reads nothing from a missing or unreadable memory', () => {
    expect(readCheckouts(null, now)).toEqual([]);
    expect(readCheckouts('not json', now)).toEqual([]);
    expect(readCheckouts(JSON.stringify([{ cartId: 3 }]), now)).toEqual([]);
  });
});
