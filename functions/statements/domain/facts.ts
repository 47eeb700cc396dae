/**
 * The facts the label counts, read from stored events: qualifying plays, album sales with their Stripe fees and
 * refunds, Toko+ memberships, uses of the beta coupon, merch orders and new accounts. Every amount is integer cents
 * (money.ts converts the events' dollars once, here). The dashboard's rollups and the artists' statements both count
 * these, so a money rule lives in this module and nowhere else. Pure: a fact needs nothing but its event.
 */
import type { DomainEvent } from '../../../events/index.js';
import { COMPLETED_SHARE } from '../../listening/domain/plays.js';
import { allocate, centsOf } from './money.js';

/** The coupon the label hands out (a beta code); its two ways in are below. */
export const BETA_COUPON = 'TOKO-PLUS-BETA';

/**
 * A play recorded as completed in itself: plays reported before the server judged them (functions/listening/domain/plays.ts)
 * could say they lasted to the end. A play the server counts (one with its `startedAt`) is never completed in itself,
 * however late its report came: its end comes as a PlayCompleted of its own, so a report delayed near the track's end
 * would otherwise complete it twice.
 */
export const isCompletedPlay = (playDuration: number, trackLength: number): boolean =>
  trackLength > 0 && playDuration >= trackLength * COMPLETED_SHARE;

/** `2026-03-01` of an ISO instant: the label's days are UTC days. */
const dayOf = (iso: string): string => iso.slice(0, 10);

export type LedgerFact =
  | { kind: 'play'; day: string; albumId: string; trackId: string; listenerId: string; completed: boolean }
  /** A counted play that went on to the end of its track. */
  | { kind: 'play-completed'; day: string; albumId: string; trackId: string }
  /** One album paid for, at the price of its order. */
  | { kind: 'album-sold'; day: string; orderId: string; albumId: string; grossCents: number }
  /** An album's share of its order's Stripe fee. */
  | { kind: 'album-fee'; day: string; orderId: string; albumId: string; feeCents: number }
  /** An album's share of its order's refund. */
  | { kind: 'album-refunded'; day: string; orderId: string; albumId: string; refundCents: number }
  /** A Toko+ subscription began (in a trial or paid); `tierDollars` is its monthly price: 5, 10 or 20. */
  | { kind: 'member-joined'; day: string; subscriptionId: string; userId: string; tierDollars: number; trial: boolean }
  /** A period was paid again (for a trial, its first payment). */
  | { kind: 'member-renewed'; day: string; subscriptionId: string }
  /** The member moved the subscription to another monthly price: `tierDollars` is the new one. */
  | { kind: 'member-switched'; day: string; subscriptionId: string; tierDollars: number }
  /** The member cancelled: still a member until the period paid for ends. */
  | { kind: 'member-cancelled'; day: string; subscriptionId: string }
  | { kind: 'member-left'; day: string; subscriptionId: string }
  | { kind: 'coupon-used'; day: string; code: typeof BETA_COUPON; via: 'checkout_trial' | 'beta_signup'; userId: string }
  /** A merch order: revenue is its items after discounts (no shipping, no tax), and each artist's part of it. */
  | {
      kind: 'merch-ordered';
      day: string;
      orderId: string;
      revenueCents: number;
      artists: { artistId: string | null; revenueCents: number }[];
    }
  | { kind: 'account-opened'; day: string; userId: string };

/**
 * The facts of one event; most events are none. Days: the instant the event itself names where it names one
 * (a subscription's start and end, a merch order's placement), else the instant it was recorded.
 */
export function ledgerFacts(event: DomainEvent): LedgerFact[] {
  const day = dayOf(event.meta.at);
  switch (event.type) {
    case 'PlayRecorded': {
      const d = event.data;
      return [
        {
          kind: 'play',
          day,
          albumId: d.albumId,
          trackId: d.trackId,
          listenerId: d.listenerId,
          completed: !d.startedAt && isCompletedPlay(d.playDuration, d.trackLength),
        },
      ];
    }
    case 'PlayCompleted':
      return [{ kind: 'play-completed', day, albumId: event.data.albumId, trackId: event.data.trackId }];
    case 'PurchaseCompleted': {
      const { orderId, album } = event.data;
      return [{ kind: 'album-sold', day, orderId, albumId: album.albumId, grossCents: centsOf(album.price) }];
    }
    case 'PaymentFeeRecorded': {
      const { orderId, albums } = event.data;
      return albums.map((a) => ({ kind: 'album-fee', day, orderId, albumId: a.albumId, feeCents: a.feeCents }));
    }
    case 'PurchaseRefunded': {
      const { orderId, albums, amount } = event.data;
      const shares = allocate(
        centsOf(amount),
        albums.map((a) => centsOf(a.price)),
      );
      return albums.map((a, i) => ({ kind: 'album-refunded', day, orderId, albumId: a.albumId, refundCents: shares[i] }));
    }
    case 'SubscriptionStarted': {
      const d = event.data;
      const joined: LedgerFact = {
        kind: 'member-joined',
        day: dayOf(d.startedAt),
        subscriptionId: d.stripeSubscriptionId,
        userId: d.userId,
        tierDollars: d.amount,
        trial: d.trialEndsAt !== null,
      };
      // Checkout grants a trial only for a promotion code, and the label has one: the beta coupon.
      return d.trialEndsAt
        ? [joined, { kind: 'coupon-used', day: joined.day, code: BETA_COUPON, via: 'checkout_trial', userId: d.userId }]
        : [joined];
    }
    case 'SubscriptionRenewed':
      return [{ kind: 'member-renewed', day, subscriptionId: event.data.stripeSubscriptionId }];
    case 'SubscriptionPlanChanged':
      return [{ kind: 'member-switched', day, subscriptionId: event.data.stripeSubscriptionId, tierDollars: event.data.amount }];
    case 'SubscriptionCancelled':
      return [{ kind: 'member-cancelled', day, subscriptionId: event.data.stripeSubscriptionId }];
    case 'SubscriptionEnded':
      return [{ kind: 'member-left', day: dayOf(event.data.endedAt), subscriptionId: event.data.stripeSubscriptionId }];
    case 'SubscriptionTierChanged': {
      const d = event.data;
      // The beta signup's trial (functions/accounts/user-commands.ts); the beta coupon is its only code.
      const betaTrial = d.source === 'beta' && d.tier === 'toko_plus' && d.status === 'trialing';
      return betaTrial ? [{ kind: 'coupon-used', day, code: BETA_COUPON, via: 'beta_signup', userId: d.userId }] : [];
    }
    case 'MerchOrderPlaced': {
      const d = event.data;
      const shares = allocate(
        d.subtotalCents,
        d.lines.map((l) => l.unitPriceCents * l.quantity),
      );
      const byArtist = new Map<string | null, number>();
      d.lines.forEach((l, i) => byArtist.set(l.artistId, (byArtist.get(l.artistId) ?? 0) + shares[i]));
      return [
        {
          kind: 'merch-ordered',
          day: dayOf(d.placedAt),
          orderId: d.orderId,
          revenueCents: d.subtotalCents,
          artists: [...byArtist].map(([artistId, revenueCents]) => ({ artistId, revenueCents })),
        },
      ];
    }
    case 'UserRegistered':
      return [{ kind: 'account-opened', day, userId: event.data.userId }];
    default:
      return [];
  }
}

/** The events that have facts: what a projection of the ledger listens to. */
export const ledgerEvents = [
  'PlayRecorded',
  'PlayCompleted',
  'PurchaseCompleted',
  'PaymentFeeRecorded',
  'PurchaseRefunded',
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionPlanChanged',
  'SubscriptionCancelled',
  'SubscriptionEnded',
  'SubscriptionTierChanged',
  'MerchOrderPlaced',
  'UserRegistered',
] as const;

/** A Stripe fee split over an order's albums (and the Toko+ plan paid in the same charge), by their prices. */
export function feeShares(
  feeCents: number,
  albums: readonly { albumId: string; price: number }[],
  planDollars: number | null,
): { albums: { albumId: string; feeCents: number }[]; planFeeCents: number } {
  const weights = albums.map((a) => centsOf(a.price));
  const shares = allocate(feeCents, planDollars ? [...weights, planDollars * 100] : weights);
  return { albums: albums.map((a, i) => ({ albumId: a.albumId, feeCents: shares[i] })), planFeeCents: shares[albums.length] ?? 0 };
}
