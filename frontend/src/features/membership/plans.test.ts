import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_AMOUNT, normalizeCoupon, planAmountFrom, planTiers } from './plans';

describe('Toko+ plans', () => {
  it('sell three amounts, $5, $10 and $20, with $10 marked popular and $5 the price quoted elsewhere', () => {
    expect(planTiers.map((tier) => tier.amount)).toEqual([5, 10, 20]);
    expect(planTiers.filter((tier) => tier.popular).map((tier) => tier.amount)).toEqual([10]);
    expect(DEFAULT_PLAN_AMOUNT).toBe(5);
  });

  it('read an amount from a link only when it is one of the tiers', () => {
    expect(planAmountFrom('10')).toBe(10);
    expect(planAmountFrom('20')).toBe(20);
    expect(planAmountFrom('7')).toBeNull();
    expect(planAmountFrom('')).toBeNull();
    expect(planAmountFrom(null)).toBeNull();
    expect(planAmountFrom('5.5')).toBeNull();
  });

  it('send a coupon typed in any case uppercased and trimmed, and no coupon when the box is blank', () => {
    expect(normalizeCoupon('toko-plus-beta')).toBe('TOKO-PLUS-BETA');
    expect(normalizeCoupon('  Toko-Plus-Beta ')).toBe('TOKO-PLUS-BETA');
    expect(normalizeCoupon('   ')).toBeUndefined();
    expect(normalizeCoupon('')).toBeUndefined();
  });
});
