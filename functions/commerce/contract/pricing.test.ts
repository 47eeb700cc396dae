import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { albumPrice, cartTotals, formatUsd, linePrice, percentOffCents, pricingChoice } from './pricing.js';

const regular = { basePrice: 9.99, subscriberPrice: 6.99 };

describe('album price', () => {
  it('uses the subscriber price when the album has one', () => {
    expect(albumPrice({ stripePriceDefault: 9.99, stripePriceSubscriber: 5.49 })).toEqual({ basePrice: 9.99, subscriberPrice: 5.49 });
  });
  it('falls back to 70 % of the default price, to the cent ($9.99 → $6.99)', () => {
    expect(albumPrice({ stripePriceDefault: 9.99, stripePriceSubscriber: null })).toEqual({ basePrice: 9.99, subscriberPrice: 6.99 });
    expect(albumPrice({ stripePriceDefault: 12.5, stripePriceSubscriber: null })?.subscriberPrice).toBe(8.75);
  });
  it('has no price without a default price: the album is not for sale', () => {
    expect(albumPrice({ stripePriceDefault: null, stripePriceSubscriber: 4 })).toBeNull();
  });
  it('never makes the member price higher than the default price', () => {
    expect(albumPrice({ stripePriceDefault: 5, stripePriceSubscriber: 7 })).toEqual({ basePrice: 5, subscriberPrice: 5 });
  });
});

describe('a percentage off', () => {
  it('takes the percentage of an amount in cents, half a cent rounded up', () => {
    expect(percentOffCents(11000, 10)).toBe(1100);
    expect(percentOffCents(2499, 10)).toBe(250);
    expect(percentOffCents(2449, 10)).toBe(245);
    expect(percentOffCents(0, 10)).toBe(0);
  });
});

describe('cart totals', () => {
  it('charges a non-member the default total and shows what a member would save', () => {
    expect(cartTotals([regular, regular], 'default')).toEqual({
      defaultTotal: 19.98,
      subscriberTotal: 13.98,
      total: 19.98,
      savings: 6,
      planAddOn: null,
      currency: 'USD',
    });
  });
  it('charges a member the member total', () => {
    expect(cartTotals([regular, regular], 'subscriber').total).toBe(13.98);
  });
  it('adds the $5 plan to the member total when the plan is added at checkout', () => {
    expect(cartTotals([regular], 'subscriber_with_plan')).toMatchObject({ total: 11.99, planAddOn: 5 });
  });
  it('shows savings only above 0', () => {
    expect(cartTotals([{ basePrice: 5, subscriberPrice: 5 }], 'default').savings).toBeNull();
    expect(cartTotals([], 'default')).toMatchObject({ total: 0, savings: null });
  });
  it('adds cents exactly, whatever the prices (no float drift)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 30 }), (cents) => {
        const lines = cents.map((c) => ({ basePrice: c / 100, subscriberPrice: Math.floor(c * 0.7) / 100 }));
        const totals = cartTotals(lines, 'default');
        expect(Math.round(totals.total * 100)).toBe(cents.reduce((a, b) => a + b, 0));
        expect(Number.isInteger(Math.round(totals.total * 100))).toBe(true);
        expect(totals.total.toFixed(2)).toBe(String(totals.total.toFixed(2)));
      }),
    );
  });
});

describe('pricing choice', () => {
  it('is the member price for members, whatever they ticked', () => {
    expect(pricingChoice({ isSubscriber: true, includeSubscription: true })).toBe('subscriber');
  });
  it('is the member price plus the plan for a non-member who adds the plan', () => {
    expect(pricingChoice({ isSubscriber: false, includeSubscription: true })).toBe('subscriber_with_plan');
    expect(linePrice(regular, 'subscriber_with_plan')).toBe(6.99);
  });
  it('is the default price otherwise', () => {
    expect(pricingChoice({ isSubscriber: false, includeSubscription: false })).toBe('default');
    expect(linePrice(regular, 'default')).toBe(9.99);
  });
});

it('formats USD with 2 decimals, en-US', () => {
  expect(formatUsd(6)).toBe('$6.00');
  expect(formatUsd(1234.5)).toBe('$1,234.50');
});
