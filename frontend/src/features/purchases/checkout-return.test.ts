import { describe, expect, it } from 'vitest';
import { afterPurchasePath, checkoutSessionOf, checkoutSuccessPath } from './checkout-return';

const at = (path: string) => new URL(path, 'https://toko.example');

describe('checkout return pages', () => {
  it('read the session id of the address, trimmed, and nothing when it is missing or blank', () => {
    expect(checkoutSessionOf(at('/post-checkout?session_id=cs_test_123'))).toBe('cs_test_123');
    expect(checkoutSessionOf(at('/post-checkout?session_id=%20cs_test_9%20'))).toBe('cs_test_9');
    expect(checkoutSessionOf(at('/post-checkout'))).toBeNull();
    expect(checkoutSessionOf(at('/post-checkout?session_id='))).toBeNull();
  });

  it('send the buyer to the success page of their session, escaping the id', () => {
    expect(checkoutSuccessPath('cs_test_a&b')).toBe('/checkout-success?session_id=cs_test_a%26b');
    expect(afterPurchasePath(at('/after-purchase?session_id=cs_test_1'))).toBe('/checkout-success?session_id=cs_test_1');
  });

  it('send a buyer with no session to their purchase history', () => {
    expect(afterPurchasePath(at('/checkout-redirect'))).toBe('/purchases');
  });
});
