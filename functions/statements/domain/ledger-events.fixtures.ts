/**
 * Test data: the events the ledger counts (album sales, their Stripe fees and refunds, Toko+ subscriptions) as the
 * event store hands them back, for the projection and statement tests that are given a history.
 */
import type { DomainEvent, NewEvent } from '../../../events/index.js';

interface OrderAlbum {
  albumId: string;
  title: string;
  artistName: string | null;
  artwork: string | null;
  price: number;
}

interface Buyer {
  userId?: string;
  email?: string | null;
  stripeEventId?: string;
}

/** A history under construction: each event the next of its stream, with an id of its own (`ev-<n>`). */
export function eventLog() {
  const versions = new Map<string, number>();
  let n = 0;
  const stored = (streamId: string, event: NewEvent, at: string): DomainEvent => {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    n += 1;
    return {
      streamId,
      version,
      schemaVersion: 1,
      meta: { eventId: `ev-${n}`, at, actor: 'test', correlationId: 'c' },
      ...event,
    } as DomainEvent;
  };
  return {
    stored,
    /** One album of an order paid for. */
    purchase: (
      orderId: string,
      album: OrderAlbum,
      at: string,
      { userId = 'u1', email = null, stripeEventId = 'evt', albumsInOrder = 1 }: Buyer & { albumsInOrder?: number } = {},
    ) =>
      stored(
        `order#${orderId}`,
        { type: 'PurchaseCompleted', data: { orderId, userId, email, album, stripeSessionId: 'cs', stripeEventId, albumsInOrder } },
        at,
      ),
    /** Stripe's fee of an order, shared out to its albums. */
    fee: (orderId: string, albums: { albumId: string; feeCents: number }[], at: string, chargeCents = 1) =>
      stored(
        `order#${orderId}`,
        {
          type: 'PaymentFeeRecorded',
          data: {
            orderId,
            stripeChargeId: 'ch',
            stripeBalanceTransactionId: 'txn',
            chargeCents,
            feeCents: albums.reduce((sum, a) => sum + a.feeCents, 0),
            albums,
            planFeeCents: 0,
          },
        },
        at,
      ),
    refund: (
      orderId: string,
      albums: OrderAlbum[],
      amount: number,
      at: string,
      { userId = 'u1', email = null, stripeEventId = 'evt' }: Buyer = {},
    ) =>
      stored(
        `order#${orderId}`,
        { type: 'PurchaseRefunded', data: { orderId, userId, email, albums, amount, stripeChargeId: 'ch', stripeEventId } },
        at,
      ),
    /** A Stripe subscription of `amount` dollars a month began at `at` (in a trial, with `trial`). */
    subscribed: (userId: string, amount: number, at: string, { subscriptionId = `sub-${userId}`, trial = false } = {}) =>
      stored(
        `user#${userId}`,
        {
          type: 'SubscriptionStarted',
          data: {
            userId,
            stripeSubscriptionId: subscriptionId,
            stripeCustomerId: 'cus',
            email: null,
            amount,
            startedAt: at,
            currentPeriodEnd: at,
            trialEndsAt: trial ? at : null,
            source: 'stripe',
          },
        },
        at,
      ),
  };
}
