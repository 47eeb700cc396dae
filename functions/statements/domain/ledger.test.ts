import { describe, expect, it } from 'vitest';
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { allocate, centsOf } from './money.js';
import { feeShares, isCompletedPlay, ledgerFacts } from './facts.js';

const given = (event: NewEvent, at = '2026-03-05T23:59:00.000Z'): DomainEvent =>
  ({ streamId: 's', version: 1, schemaVersion: 1, meta: { eventId: 'e', at, actor: 'a', correlationId: 'c' }, ...event }) as DomainEvent;
const album = (albumId: string, price: number) => ({ albumId, title: albumId, artistName: null, artwork: null, price });

describe('money', () => {
  it('turns dollars with two decimals into cents without floating-point noise', () => {
    expect([9.99, 6.99, 0.07, 19.98, 0.285, 0].map(centsOf)).toEqual([999, 699, 7, 1998, 29, 0]);
  });
  it('splits a sum by largest remainder, so the shares always add up to it', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(89, [999, 999])).toEqual([45, 44]);
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
    for (let total = 0; total < 500; total += 7) {
      const weights = [total % 3, 999, 699, (total * 31) % 1000];
      expect(allocate(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
  it('refuses what is not a sum of cents', () => {
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
    expect(() => allocate(-1, [1])).toThrow(RangeError);
  });
});

describe('ledger facts', () => {
  it('a play counts on its UTC day, completed when played to within 5% of the end', () => {
    const play = (playDuration: number) =>
      ledgerFacts(
        given({
          type: 'PlayRecorded',
          data: { trackId: 't', albumId: 'a', listenerId: 'l', userId: null, playDuration, trackLength: 200 },
        }),
      );
    expect(play(30)).toEqual([{ kind: 'play', day: '2026-03-05', albumId: 'a', trackId: 't', listenerId: 'l', completed: false }]);
    expect(play(190)[0]).toMatchObject({ completed: true });
    expect(isCompletedPlay(189.9, 200)).toBe(false);
  });

  it('a play the server counted is not completed in itself, however late its report came: its end is a PlayCompleted', () => {
    const late = ledgerFacts(
      given({
        type: 'PlayRecorded',
        data: {
          trackId: 't',
          albumId: 'a',
          listenerId: 'l',
          userId: null,
          playDuration: 199,
          trackLength: 200,
          startedAt: '2026-03-05T23:55:40.000Z',
        },
      }),
    );
    expect(late).toEqual([{ kind: 'play', day: '2026-03-05', albumId: 'a', trackId: 't', listenerId: 'l', completed: false }]);
    const ended = ledgerFacts(
      given({
        type: 'PlayCompleted',
        data: {
          trackId: 't',
          albumId: 'a',
          listenerId: 'l',
          userId: null,
          startedAt: '2026-03-05T23:55:40.000Z',
          playDuration: 200,
          trackLength: 200,
        },
      }),
    );
    expect(ended).toEqual([{ kind: 'play-completed', day: '2026-03-05', albumId: 'a', trackId: 't' }]);
  });

  it('a sale is its album price in cents; a refund is split over its albums by price', () => {
    const sold = ledgerFacts(
      given({
        type: 'PurchaseCompleted',
        data: {
          orderId: 'o',
          userId: 'u',
          email: 'f@example.com',
          album: album('a', 9.99),
          stripeSessionId: 'cs',
          stripeEventId: 'evt',
          albumsInOrder: 1,
        },
      }),
    );
    expect(sold).toEqual([{ kind: 'album-sold', day: '2026-03-05', orderId: 'o', albumId: 'a', grossCents: 999 }]);
    const refunded = ledgerFacts(
      given({
        type: 'PurchaseRefunded',
        data: {
          orderId: 'o',
          userId: 'u',
          email: 'f@example.com',
          albums: [album('a', 9.99), album('b', 6.99)],
          amount: 16.98,
          stripeChargeId: 'ch',
          stripeEventId: 'evt',
        },
      }),
    );
    expect(refunded.map((f) => (f.kind === 'album-refunded' ? f.refundCents : null))).toEqual([999, 699]);
  });

  it("a fee is split over the order's albums and the plan paid with them, adding up to Stripe's fee", () => {
    const shares = feeShares(88, [album('a', 9.99), album('b', 6.99)], 5);
    expect(shares).toEqual({
      albums: [
        { albumId: 'a', feeCents: 40 },
        { albumId: 'b', feeCents: 28 },
      ],
      planFeeCents: 20,
    });
    expect(feeShares(59, [album('a', 9.99)], null)).toEqual({ albums: [{ albumId: 'a', feeCents: 59 }], planFeeCents: 0 });
  });

  it('a membership starts on the day Stripe says; a trial at checkout is a use of the beta coupon', () => {
    const started = (trialEndsAt: string | null) =>
      ledgerFacts(
        given({
          type: 'SubscriptionStarted',
          data: {
            userId: 'u',
            stripeSubscriptionId: 'sub',
            stripeCustomerId: 'cus',
            email: null,
            amount: 10,
            startedAt: '2026-03-04T10:00:00.000Z',
            currentPeriodEnd: '2026-04-04T10:00:00.000Z',
            trialEndsAt,
            source: 'stripe',
          },
        }),
      );
    expect(started(null)).toEqual([
      { kind: 'member-joined', day: '2026-03-04', subscriptionId: 'sub', userId: 'u', tierDollars: 10, trial: false },
    ]);
    expect(started('2026-05-04T10:00:00.000Z')).toEqual([
      { kind: 'member-joined', day: '2026-03-04', subscriptionId: 'sub', userId: 'u', tierDollars: 10, trial: true },
      { kind: 'coupon-used', day: '2026-03-04', code: 'TOKO-PLUS-BETA', via: 'checkout_trial', userId: 'u' },
    ]);
  });

  it("the beta signup's trial is a use of the coupon; other tier changes are not", () => {
    const tier = (source: string, tierName: 'free' | 'toko_plus', status: string) =>
      ledgerFacts(
        given({
          type: 'SubscriptionTierChanged',
          data: { userId: 'u', tier: tierName, status, source, startedAt: null, expiresAt: null, stripeSubscriptionId: null },
        }),
      );
    expect(tier('beta', 'toko_plus', 'trialing')).toEqual([
      { kind: 'coupon-used', day: '2026-03-05', code: 'TOKO-PLUS-BETA', via: 'beta_signup', userId: 'u' },
    ]);
    expect(tier('beta', 'free', 'expired')).toEqual([]);
    expect(tier('stripe', 'toko_plus', 'active')).toEqual([]);
  });

  it("a merch order's revenue is its subtotal, split over its artists by line, on the day the shop placed it", () => {
    const line = (artistId: string | null, unitPriceCents: number, quantity: number) => ({
      productId: 'p',
      variantId: 'v',
      title: 'Tee',
      quantity,
      unitPriceCents,
      artistId,
    });
    const facts = ledgerFacts(
      given({
        type: 'MerchOrderPlaced',
        data: {
          orderId: 'm1',
          orderName: '#1001',
          placedAt: '2026-03-01T08:00:00.000Z',
          currency: 'USD',
          lines: [line('nova', 2500, 2), line(null, 1000, 1), line('nova', 500, 1)],
          // A 10% discount on the items.
          subtotalCents: 5850,
          shippingCents: 500,
          taxCents: 0,
          totalCents: 6350,
          webhookId: 'w',
        },
      }),
    );
    expect(facts).toEqual([
      {
        kind: 'merch-ordered',
        day: '2026-03-01',
        orderId: 'm1',
        revenueCents: 5850,
        artists: [
          { artistId: 'nova', revenueCents: 4950 },
          { artistId: null, revenueCents: 900 },
        ],
      },
    ]);
  });
});
