import { describe, expect, it } from 'vitest';
import type { CartLine, DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { ALREADY_IN_CART, ALREADY_OWNED, cartDecider } from './cart.js';
import { orderDecider, refundable } from './order.js';
import { currentSubscription, membershipDecider, type StripeSubscriptionSnapshot } from './subscription.js';
import { givenDecider } from '../../platform/testing/given.js';

const meta = { eventId: 'e', at: '2026-01-01T00:00:00.000Z', actor: 'test', correlationId: 'c' };
function fold<S>(decider: { initialState: S; evolve: (s: S, e: DomainEvent) => S }, events: NewEvent[]): S {
  return events
    .map((e, i) => ({ streamId: 's', version: i + 1, schemaVersion: 1, meta, ...e }) as DomainEvent)
    .reduce(decider.evolve, decider.initialState);
}

const line = (albumId: string): CartLine => ({
  albumId,
  title: `Album ${albumId}`,
  artistName: 'Nova',
  artwork: null,
  basePrice: 9.99,
  subscriberPrice: 6.99,
  userSelectedSubscriber: false,
});
const added = (albumId: string): NewEvent => ({ type: 'CartItemAdded', data: { ownerId: 'u1', line: line(albumId) } });

const givenCart = givenDecider(cartDecider, { streamId: 'cart#u1' });

describe('cart', () => {
  it('given an empty cart, adding an album records CartItemAdded', () => {
    givenCart([])
      .when({ type: 'AddToCart', ownerId: 'u1', line: line('a'), alreadyOwned: false })
      .then([added('a')]);
  });
  it('refuses an album already in the cart with "Album already in cart" (409)', () => {
    const attempt = givenCart([added('a')]).when({ type: 'AddToCart', ownerId: 'u1', line: line('a'), alreadyOwned: false });
    expect(attempt).toThrow(ALREADY_IN_CART);
    expect(attempt).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });
  it('refuses an album the user owns with "You already own this album"', () => {
    givenCart([])
      .when({ type: 'AddToCart', ownerId: 'u1', line: line('a'), alreadyOwned: true })
      .then(ALREADY_OWNED);
  });
  it('removes a line, and removing a missing line changes nothing', () => {
    givenCart([added('a')])
      .when({ type: 'RemoveFromCart', ownerId: 'u1', albumId: 'a' })
      .then([{ type: 'CartItemRemoved', data: { ownerId: 'u1', albumId: 'a' } }]);
    givenCart([]).when({ type: 'RemoveFromCart', ownerId: 'u1', albumId: 'a' }).then([]);
  });
  it('empties the cart once', () => {
    givenCart([added('a'), added('b')])
      .when({ type: 'EmptyCart', ownerId: 'u1' })
      .then([{ type: 'CartCleared', data: { ownerId: 'u1', reason: 'emptied', albumIds: ['a', 'b'] } }]);
    givenCart([]).when({ type: 'EmptyCart', ownerId: 'u1' }).then([]);
  });
  it('merges a guest cart without duplicates or owned albums', () => {
    const events = givenCart([added('a')]).when({
      type: 'SyncGuestCart',
      ownerId: 'u1',
      lines: [line('a'), line('b'), line('b'), line('c')],
      ownedAlbumIds: new Set(['c']),
    })();
    expect(events).toEqual([{ type: 'CartSynced', data: { ownerId: 'u1', lines: [line('b')] } }]);
    expect(fold(cartDecider, [added('a'), ...events]).lines.map((l) => l.albumId)).toEqual(['a', 'b']);
  });
  it('drops purchased albums after payment, and only those present', () => {
    givenCart([added('a'), added('b')])
      .when({ type: 'RemovePurchased', ownerId: 'u1', albumIds: ['a', 'z'] })
      .then([{ type: 'CartCleared', data: { ownerId: 'u1', reason: 'purchased', albumIds: ['a'] } }]);
  });
});

const order: EventOf<'CheckoutStarted'>['data'] = {
  orderId: 'o1',
  userId: 'u1',
  email: 'fan@example.com',
  planAmount: null,
  total: 19.98,
  currency: 'usd',
  pricing: 'default',
  albums: [
    { albumId: 'a', title: 'A', artistName: null, artwork: null, price: 9.99 },
    { albumId: 'b', title: 'B', artistName: null, artwork: null, price: 9.99 },
  ],
};
const complete = { type: 'CompletePurchase' as const, orderId: 'o1', stripeSessionId: 'cs_1', stripeEventId: 'evt_1', fee: null };
const fee = { stripeChargeId: 'ch_1', stripeBalanceTransactionId: 'txn_1', chargeCents: 1998, feeCents: 89 };

describe('order', () => {
  it('records one PurchaseCompleted per album when paid', () => {
    const state = fold(orderDecider, [{ type: 'CheckoutStarted', data: order }]);
    const events = orderDecider.decide(complete, state);
    expect(events.map((e) => (e.data as { album: { albumId: string } }).album.albumId)).toEqual(['a', 'b']);
    expect(events.every((e) => e.type === 'PurchaseCompleted')).toBe(true);
  });
  it("records Stripe's fee of the charge once, after the albums, split over them to the cent", () => {
    const state = fold(orderDecider, [{ type: 'CheckoutStarted', data: order }]);
    const events = orderDecider.decide({ ...complete, fee }, state);
    expect(events.map((e) => e.type)).toEqual(['PurchaseCompleted', 'PurchaseCompleted', 'PaymentFeeRecorded']);
    expect(events[2].data).toEqual({
      orderId: 'o1',
      ...fee,
      albums: [
        { albumId: 'a', feeCents: 45 },
        { albumId: 'b', feeCents: 44 },
      ],
      planFeeCents: 0,
    });
    const paid = fold(orderDecider, [{ type: 'CheckoutStarted', data: order }, ...events]);
    expect(orderDecider.decide({ ...complete, fee }, paid)).toEqual([]);
  });
  it('decides nothing when the payment is reported again, by another event or the same', () => {
    const started = fold(orderDecider, [{ type: 'CheckoutStarted', data: order }]);
    const paid = fold(orderDecider, [{ type: 'CheckoutStarted', data: order }, ...orderDecider.decide(complete, started)]);
    expect(orderDecider.decide({ ...complete, stripeEventId: 'evt_2' }, paid)).toEqual([]);
    expect(orderDecider.decide(complete, paid)).toEqual([]);
  });
  it('does not know a payment for an order never started', () => {
    expect(() => orderDecider.decide(complete, orderDecider.initialState)).toThrow(/not found/);
  });
  it('starts an order only once', () => {
    const started = fold(orderDecider, [{ type: 'CheckoutStarted', data: order }]);
    expect(() => orderDecider.decide({ type: 'StartCheckout', order }, started)).toThrow(/already exists/);
  });
});

describe('order refunds', () => {
  const started: NewEvent = { type: 'CheckoutStarted', data: order };
  const paidEvents = (): NewEvent[] => [started, ...orderDecider.decide(complete, fold(orderDecider, [started]))];
  const request = { type: 'RequestRefund' as const, orderId: 'o1', stripeRefundId: 're_1' };
  const record = { type: 'RecordRefund' as const, orderId: 'o1', stripeChargeId: 'ch_1', stripeEventId: 'evt_r1', amount: 19.98 };

  it('given a paid order, an admin request records RefundRequested once per Stripe refund (a double click)', () => {
    const requested = orderDecider.decide(request, fold(orderDecider, paidEvents()));
    expect(requested).toEqual([{ type: 'RefundRequested', data: { orderId: 'o1', userId: 'u1', stripeRefundId: 're_1', amount: 19.98 } }]);
    expect(orderDecider.decide(request, fold(orderDecider, [...paidEvents(), ...requested]))).toEqual([]);
  });
  it("given a paid order, Stripe's refund records PurchaseRefunded with every paid album, once", () => {
    const refunded = orderDecider.decide(record, fold(orderDecider, paidEvents()));
    expect(refunded).toEqual([
      {
        type: 'PurchaseRefunded',
        data: {
          orderId: 'o1',
          userId: 'u1',
          email: 'fan@example.com',
          albums: order.albums,
          amount: 19.98,
          stripeChargeId: 'ch_1',
          stripeEventId: 'evt_r1',
        },
      },
    ]);
    const after = fold(orderDecider, [...paidEvents(), ...refunded]);
    expect(after.status).toBe('refunded');
    expect(orderDecider.decide({ ...record, stripeEventId: 'evt_r2' }, after)).toEqual([]);
  });
  it('given a refunded order, a late redelivery of the payment grants nothing again', () => {
    const refunded = [...paidEvents(), ...orderDecider.decide(record, fold(orderDecider, paidEvents()))];
    expect(orderDecider.decide({ ...complete, stripeEventId: 'evt_9' }, fold(orderDecider, refunded))).toEqual([]);
  });
  it('records the admin request also when the refund is in first, and answers a refunded order as it is', () => {
    const refunded = [...paidEvents(), ...orderDecider.decide(record, fold(orderDecider, paidEvents()))];
    expect(orderDecider.decide(request, fold(orderDecider, refunded)).map((e) => e.type)).toEqual(['RefundRequested']);
    expect(refundable(fold(orderDecider, refunded), 'o1').status).toBe('refunded');
  });
  it('refuses to refund an order not paid (409) or unknown (404); a refund before the payment waits for it', () => {
    expect(() => orderDecider.decide(request, fold(orderDecider, [started]))).toThrow(expect.objectContaining({ kind: 'conflict' }));
    expect(() => orderDecider.decide(request, orderDecider.initialState)).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(() => orderDecider.decide(record, fold(orderDecider, [started]))).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });
});

const snapshot = (over: Partial<StripeSubscriptionSnapshot> = {}): StripeSubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  email: 'fan@example.com',
  amount: 10,
  startedAt: '2026-01-01T00:00:00.000Z',
  currentPeriodEnd: '2026-02-01T00:00:00.000Z',
  trialEndsAt: null,
  cancelAtPeriodEnd: false,
  status: 'active',
  endedAt: null,
  cancellationRequested: false,
  observedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const sync = (subscription: StripeSubscriptionSnapshot, renewal: { invoiceId: string; currentPeriodEnd: string } | null = null) => ({
  type: 'SyncSubscription' as const,
  userId: 'u1',
  subscription,
  renewal,
});

/** Applies commands one after another, as the webhook does, and returns every event recorded. */
function run(commands: ReturnType<typeof sync>[]) {
  const recorded: NewEvent[] = [];
  for (const command of commands) recorded.push(...membershipDecider.decide(command, fold(membershipDecider, recorded)));
  return recorded;
}
const facts = (events: NewEvent[]) => events.map((e) => e.type);

describe('membership', () => {
  it('starts a subscription once, however often Stripe reports it', () => {
    const events = run([sync(snapshot()), sync(snapshot()), sync(snapshot())]);
    expect(facts(events)).toEqual(['SubscriptionStarted']);
    expect(currentSubscription(fold(membershipDecider, events))?.amount).toBe(10);
  });
  it('records a renewal once per invoice', () => {
    const renewal = { invoiceId: 'in_2', currentPeriodEnd: '2026-03-01T00:00:00.000Z' };
    const events = run([sync(snapshot()), sync(snapshot(), renewal), sync(snapshot(), renewal)]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionRenewed']);
    expect(currentSubscription(fold(membershipDecider, events))?.currentPeriodEnd).toBe('2026-03-01T00:00:00.000Z');
  });
  it('records a cancellation at period end once, and the member stays Toko+ until it ends', () => {
    const events = run([sync(snapshot()), sync(snapshot({ cancelAtPeriodEnd: true })), sync(snapshot({ cancelAtPeriodEnd: true }))]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionCancelled']);
    expect(currentSubscription(fold(membershipDecider, events))?.phase).toBe('cancelling');
  });
  it('ends once, and an end reported before the start still leaves a complete, ended history', () => {
    const ended = snapshot({ cancelAtPeriodEnd: true, endedAt: '2026-02-01T00:00:00.000Z' });
    const events = run([sync(ended), sync(snapshot()), sync(ended)]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionEnded']);
    expect(currentSubscription(fold(membershipDecider, events))).toBeNull();
  });
  it('records a cancellation the member asked for with immediate effect as cancelled and ended, once', () => {
    const cancelledNow = snapshot({ status: 'canceled', endedAt: '2026-01-10T00:00:00.000Z', cancellationRequested: true });
    const events = run([sync(snapshot()), sync(cancelledNow), sync(cancelledNow)]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionCancelled', 'SubscriptionEnded']);
    expect(events[1].data).toMatchObject({ endsAt: '2026-01-10T00:00:00.000Z' });
  });
  it('records a cancellation taken back before the period ends once, and the subscription renews again', () => {
    const cancelling = snapshot({ cancelAtPeriodEnd: true, cancellationRequested: true });
    const events = run([sync(snapshot()), sync(cancelling), sync(snapshot()), sync(snapshot())]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionCancelled', 'SubscriptionResumed']);
    expect(currentSubscription(fold(membershipDecider, events))?.phase).toBe('active');
    // Cancelled again after the resume: a second cancellation.
    expect(facts(run([sync(snapshot()), sync(cancelling), sync(snapshot()), sync(cancelling)]))).toEqual([
      'SubscriptionStarted',
      'SubscriptionCancelled',
      'SubscriptionResumed',
      'SubscriptionCancelled',
    ]);
  });
  it('records a switch to another price once, and the member pays the new amount', () => {
    const at = (minute: number) => `2026-01-05T00:0${minute}:00.000Z`;
    const switched = (minute: number) => snapshot({ amount: 20, observedAt: at(minute) });
    const events = run([sync(snapshot()), sync(switched(1)), sync(switched(2)), sync(switched(3))]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionPlanChanged']);
    expect(events[1].data).toMatchObject({ previousAmount: 10, amount: 20 });
    expect(currentSubscription(fold(membershipDecider, events))?.amount).toBe(20);
  });
  it('keeps a newer plan when an older reading of Stripe arrives after it, and still follows a later change back', () => {
    const older = snapshot({ amount: 10, observedAt: '2026-01-05T00:01:00.000Z' });
    const newer = snapshot({ amount: 20, observedAt: '2026-01-05T00:02:00.000Z' });
    const events = run([sync(snapshot()), sync(newer), sync(older)]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionPlanChanged']);
    expect(currentSubscription(fold(membershipDecider, events))?.amount).toBe(20);
    const back = snapshot({ amount: 5, observedAt: '2026-01-05T00:03:00.000Z' });
    const later = run([sync(snapshot()), sync(newer), sync(older), sync(back)]);
    expect(later.slice(2).map((e) => e.data)).toEqual([expect.objectContaining({ previousAmount: 20, amount: 5 })]);
  });
  it('records a switch made while cancelling without taking the cancellation back', () => {
    const cancelling = snapshot({ cancelAtPeriodEnd: true, cancellationRequested: true });
    const switched = { ...cancelling, amount: 5, observedAt: '2026-01-05T00:00:00.000Z' };
    const events = run([sync(snapshot()), sync(cancelling), sync(switched)]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionCancelled', 'SubscriptionPlanChanged']);
    expect(currentSubscription(fold(membershipDecider, events))).toMatchObject({ phase: 'cancelling', amount: 5 });
  });
  it('counts a cancellation at period end once when the subscription then ends', () => {
    const cancelling = snapshot({ cancelAtPeriodEnd: true, cancellationRequested: true });
    const ended = { ...cancelling, status: 'canceled', endedAt: '2026-02-01T00:00:00.000Z' };
    const events = run([sync(snapshot()), sync(cancelling), sync(ended)]);
    expect(facts(events)).toEqual(['SubscriptionStarted', 'SubscriptionCancelled', 'SubscriptionEnded']);
  });
});
