/** Commerce events: the album cart, orders paid through Stripe, album downloads, Toko+ subscriptions and exclusive videos. */
import * as z from 'zod';
import { DELETED, defineEvent, userOwner } from './envelope.js';

/** Dollars with cents, e.g. 9.99. */
const dollars = z.number().nonnegative().multipleOf(0.01);

/** One album line of the cart, with the prices it was added at. */
export const cartLineSchema = z.object({
  albumId: z.string().min(1),
  title: z.string().min(1),
  artistName: z.string().nullable(),
  artwork: z.string().nullable(),
  basePrice: dollars,
  subscriberPrice: dollars,
  userSelectedSubscriber: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const CartItemAdded = defineEvent('CartItemAdded', z.object({ ownerId: z.string().min(1), line: cartLineSchema }));
export const CartItemRemoved = defineEvent('CartItemRemoved', z.object({ ownerId: z.string().min(1), albumId: z.string().min(1) }));
export const CartCleared = defineEvent(
  'CartCleared',
  z.object({ ownerId: z.string().min(1), reason: z.enum(['emptied', 'purchased']), albumIds: z.array(z.string().min(1)) }),
);
/** A guest cart merged into the signed-in user's cart: only the lines that were new. */
export const CartSynced = defineEvent('CartSynced', z.object({ ownerId: z.string().min(1), lines: z.array(cartLineSchema) }));

export const orderAlbumSchema = z.object({
  albumId: z.string().min(1),
  title: z.string().min(1),
  artistName: z.string().nullable(),
  artwork: z.string().nullable(),
  price: dollars,
});
export type OrderAlbum = z.infer<typeof orderAlbumSchema>;

export const CheckoutStarted = defineEvent(
  'CheckoutStarted',
  z.object({
    orderId: z.string().min(1),
    userId: z.string().min(1),
    email: z.string().email(),
    albums: z.array(orderAlbumSchema).min(1),
    /** The Toko+ plan added at checkout, in dollars a month; null when not added. */
    planAmount: z.number().int().positive().nullable(),
    total: dollars,
    currency: z.literal('usd'),
    pricing: z.enum(['default', 'subscriber', 'subscriber_with_plan']),
  }),
  [],
  { owner: userOwner, fields: { email: DELETED.email } },
);

/** One album paid for; recorded once per album on the order stream, only from a verified Stripe webhook. */
export const PurchaseCompleted = defineEvent(
  'PurchaseCompleted',
  z.object({
    orderId: z.string().min(1),
    userId: z.string().min(1),
    email: z.string().email(),
    album: orderAlbumSchema,
    stripeSessionId: z.string().min(1),
    stripeEventId: z.string().min(1),
    /** How many albums the order holds, so a receipt can wait for them all. */
    albumsInOrder: z.number().int().positive(),
  }),
  [],
  { owner: userOwner, fields: { email: DELETED.email } },
);

/**
 * What Stripe kept of an order's payment: the fee of its charge's balance transaction, read from Stripe when the
 * payment is applied, and each album's share of it (functions/domain/ledger/money.ts allocates it, to the cent). Its
 * own fact, once per order, because Stripe charges the fee per charge, not per album; orders paid before fees were
 * recorded simply have none (a fee is never estimated). The charge may also hold the Toko+ plan added at checkout:
 * `planFeeCents` is its share.
 */
export const PaymentFeeRecorded = defineEvent(
  'PaymentFeeRecorded',
  z.object({
    orderId: z.string().min(1),
    stripeChargeId: z.string().min(1),
    stripeBalanceTransactionId: z.string().min(1),
    /** The whole charge, in cents. */
    chargeCents: z.number().int().nonnegative(),
    feeCents: z.number().int().nonnegative(),
    albums: z.array(z.object({ albumId: z.string().min(1), feeCents: z.number().int().nonnegative() })).min(1),
    planFeeCents: z.number().int().nonnegative(),
  }),
);

/** An admin asked Stripe to refund a paid order in full; the refund is recorded as done only by Stripe's charge.refunded. */
export const RefundRequested = defineEvent(
  'RefundRequested',
  z.object({
    orderId: z.string().min(1),
    userId: z.string().min(1),
    stripeRefundId: z.string().min(1),
    amount: dollars,
  }),
);

/**
 * A paid order was refunded in full, recorded once from a verified charge.refunded: its albums are no longer the
 * buyer's (purchases, downloads, access).
 */
export const PurchaseRefunded = defineEvent(
  'PurchaseRefunded',
  z.object({
    orderId: z.string().min(1),
    userId: z.string().min(1),
    email: z.string().email(),
    albums: z.array(orderAlbumSchema).min(1),
    amount: dollars,
    stripeChargeId: z.string().min(1),
    stripeEventId: z.string().min(1),
  }),
  [],
  { owner: userOwner, fields: { email: DELETED.email } },
);

/** The album's download ZIP (MP3, WAV, instrumentals where present, cover art) was written to the media bucket. */
export const AlbumDownloadBuilt = defineEvent(
  'AlbumDownloadBuilt',
  z.object({
    albumId: z.string().min(1),
    key: z.string().min(1),
    bytes: z.number().int().positive(),
    files: z.array(z.string().min(1)),
  }),
);

const subscriptionRef = {
  userId: z.string().min(1),
  stripeSubscriptionId: z.string().min(1),
};
/** Unix seconds, as Stripe gives them, turned into ISO dates. */
const isoDate = z.string().datetime();

export const SubscriptionStarted = defineEvent(
  'SubscriptionStarted',
  z.object({
    ...subscriptionRef,
    stripeCustomerId: z.string().min(1),
    email: z.string().email().nullable(),
    /** Dollars a month: 5, 10 or 20. */
    amount: z.number().int().positive(),
    startedAt: isoDate,
    currentPeriodEnd: isoDate,
    trialEndsAt: isoDate.nullable(),
    source: z.enum(['stripe']),
  }),
  [],
  { owner: userOwner, fields: { email: DELETED.email } },
);
export const SubscriptionRenewed = defineEvent(
  'SubscriptionRenewed',
  z.object({ ...subscriptionRef, invoiceId: z.string().min(1), currentPeriodEnd: isoDate }),
);
/** Cancelled by the member: it stays active until the end of the period already paid. */
export const SubscriptionCancelled = defineEvent('SubscriptionCancelled', z.object({ ...subscriptionRef, endsAt: isoDate }));
/** A cancellation taken back before the period ended: the subscription renews again. */
export const SubscriptionResumed = defineEvent('SubscriptionResumed', z.object({ ...subscriptionRef, currentPeriodEnd: isoDate }));
export const SubscriptionEnded = defineEvent('SubscriptionEnded', z.object({ ...subscriptionRef, endedAt: isoDate }));

export const VideoPublished = defineEvent(
  'VideoPublished',
  z.object({
    videoId: z.string().min(1),
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    title: z.string().min(1),
    description: z.string().nullable(),
    youtubeVideoId: z.string().regex(/^[\w-]{11}$/),
    requiredTier: z.enum(['free', 'toko_plus']),
    publishedAt: z.string().date(),
  }),
);
/** Out of the listeners' lists and its page, kept for the admins, who may show it again. */
export const VideoHidden = defineEvent('VideoHidden', z.object({ videoId: z.string().min(1) }));
/** A hidden video back where listeners find it. */
export const VideoShown = defineEvent('VideoShown', z.object({ videoId: z.string().min(1) }));
/** Gone for good: from the listeners' lists and page and from the admins' list; its slug is free again. */
export const VideoDeleted = defineEvent('VideoDeleted', z.object({ videoId: z.string().min(1) }));
export const VideoDetailsChanged = defineEvent(
  'VideoDetailsChanged',
  z.object({
    videoId: z.string().min(1),
    changes: z
      .object({
        title: z.string().min(1),
        description: z.string().nullable(),
        youtubeVideoId: z.string().regex(/^[\w-]{11}$/),
        requiredTier: z.enum(['free', 'toko_plus']),
      })
      .partial(),
  }),
);
