/** Commerce events: the album cart, orders paid through Stripe, album downloads, Toko+ subscriptions and exclusive videos. */
import * as z from 'zod/mini';
import { DELETED, defineEvent, userOwner } from './envelope.js';
import { isoDate, isoDateTime, nonEmpty, nonNegativeInteger, positiveInteger } from './fields.js';

/** Dollars with cents, e.g. 9.99. */
const dollars = z.number().check(z.nonnegative(), z.multipleOf(0.01));

/** One album line of the cart, with the prices it was added at. */
export const cartLineSchema = z.object({
  albumId: nonEmpty,
  title: nonEmpty,
  artistName: z.nullable(z.string()),
  artwork: z.nullable(z.string()),
  basePrice: dollars,
  subscriberPrice: dollars,
  userSelectedSubscriber: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const CartItemAdded = defineEvent('CartItemAdded', z.object({ ownerId: nonEmpty, line: cartLineSchema }));
export const CartItemRemoved = defineEvent('CartItemRemoved', z.object({ ownerId: nonEmpty, albumId: nonEmpty }));
export const CartCleared = defineEvent(
  'CartCleared',
  z.object({ ownerId: nonEmpty, reason: z.enum(['emptied', 'purchased']), albumIds: z.array(nonEmpty) }),
);
/** A guest cart merged into the signed-in user's cart: only the lines that were new. */
export const CartSynced = defineEvent('CartSynced', z.object({ ownerId: nonEmpty, lines: z.array(cartLineSchema) }));

export const orderAlbumSchema = z.object({
  albumId: nonEmpty,
  title: nonEmpty,
  artistName: z.nullable(z.string()),
  artwork: z.nullable(z.string()),
  price: dollars,
});
export type OrderAlbum = z.infer<typeof orderAlbumSchema>;

export const CheckoutStarted = defineEvent(
  'CheckoutStarted',
  z.object({
    orderId: nonEmpty,
    userId: nonEmpty,
    email: z.email(),
    albums: z.array(orderAlbumSchema).check(z.minLength(1)),
    /** The Toko+ plan added at checkout, in dollars a month; null when not added. */
    planAmount: z.nullable(positiveInteger),
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
    orderId: nonEmpty,
    userId: nonEmpty,
    email: z.email(),
    album: orderAlbumSchema,
    stripeSessionId: nonEmpty,
    stripeEventId: nonEmpty,
    /** How many albums the order holds, so a receipt can wait for them all. */
    albumsInOrder: positiveInteger,
  }),
  [],
  { owner: userOwner, fields: { email: DELETED.email } },
);

/**
 * What Stripe kept of an order's payment: the fee of its charge's balance transaction, read from Stripe when the
 * payment is applied, and each album's share of it (functions/statements/domain/money.ts allocates it, to the cent). Its
 * own fact, once per order, because Stripe charges the fee per charge, not per album; orders paid before fees were
 * recorded simply have none (a fee is never estimated). The charge may also hold the Toko+ plan added at checkout:
 * `planFeeCents` is its share.
 */
export const PaymentFeeRecorded = defineEvent(
  'PaymentFeeRecorded',
  z.object({
    orderId: nonEmpty,
    stripeChargeId: nonEmpty,
    stripeBalanceTransactionId: nonEmpty,
    /** The whole charge, in cents. */
    chargeCents: nonNegativeInteger,
    feeCents: nonNegativeInteger,
    albums: z.array(z.object({ albumId: nonEmpty, feeCents: nonNegativeInteger })).check(z.minLength(1)),
    planFeeCents: nonNegativeInteger,
  }),
);

/** An admin asked Stripe to refund a paid order in full; the refund is recorded as done only by Stripe's charge.refunded. */
export const RefundRequested = defineEvent(
  'RefundRequested',
  z.object({
    orderId: nonEmpty,
    userId: nonEmpty,
    stripeRefundId: nonEmpty,
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
    orderId: nonEmpty,
    userId: nonEmpty,
    email: z.email(),
    albums: z.array(orderAlbumSchema).check(z.minLength(1)),
    amount: dollars,
    stripeChargeId: nonEmpty,
    stripeEventId: nonEmpty,
  }),
  [],
  { owner: userOwner, fields: { email: DELETED.email } },
);

/** The album's download ZIP (MP3, WAV, instrumentals where present, cover art) was written to the media bucket. */
export const AlbumDownloadBuilt = defineEvent(
  'AlbumDownloadBuilt',
  z.object({
    albumId: nonEmpty,
    key: nonEmpty,
    bytes: positiveInteger,
    files: z.array(nonEmpty),
  }),
);

const subscriptionRef = {
  userId: nonEmpty,
  stripeSubscriptionId: nonEmpty,
};
/** Unix seconds, as Stripe gives them, turned into ISO instants. */
const stripeInstant = isoDateTime;

export const SubscriptionStarted = defineEvent(
  'SubscriptionStarted',
  z.object({
    ...subscriptionRef,
    stripeCustomerId: nonEmpty,
    email: z.nullable(z.email()),
    /** Dollars a month: 5, 10 or 20. */
    amount: positiveInteger,
    startedAt: stripeInstant,
    currentPeriodEnd: stripeInstant,
    trialEndsAt: z.nullable(stripeInstant),
    source: z.enum(['stripe']),
  }),
  [],
  { owner: userOwner, fields: { email: DELETED.email } },
);
export const SubscriptionRenewed = defineEvent(
  'SubscriptionRenewed',
  z.object({ ...subscriptionRef, invoiceId: nonEmpty, currentPeriodEnd: stripeInstant }),
);
/** Cancelled by the member: it stays active until the end of the period already paid. */
export const SubscriptionCancelled = defineEvent('SubscriptionCancelled', z.object({ ...subscriptionRef, endsAt: stripeInstant }));
/** A cancellation taken back before the period ended: the subscription renews again. */
export const SubscriptionResumed = defineEvent('SubscriptionResumed', z.object({ ...subscriptionRef, currentPeriodEnd: stripeInstant }));
/**
 * The member moved the subscription to another monthly price (Stripe's customer portal): it bills `amount` from the
 * next renewal, same benefits. `observedAt` is when Stripe was read to show it, so an older reading never undoes it.
 */
export const SubscriptionPlanChanged = defineEvent(
  'SubscriptionPlanChanged',
  z.object({ ...subscriptionRef, previousAmount: positiveInteger, amount: positiveInteger, observedAt: isoDateTime }),
);
export const SubscriptionEnded = defineEvent('SubscriptionEnded', z.object({ ...subscriptionRef, endedAt: stripeInstant }));

export const VideoPublished = defineEvent(
  'VideoPublished',
  z.object({
    videoId: nonEmpty,
    slug: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)),
    title: nonEmpty,
    description: z.nullable(z.string()),
    youtubeVideoId: z.string().check(z.regex(/^[\w-]{11}$/)),
    requiredTier: z.enum(['free', 'toko_plus']),
    publishedAt: isoDate,
  }),
);
/** Out of the listeners' lists and its page, kept for the admins, who may show it again. */
export const VideoHidden = defineEvent('VideoHidden', z.object({ videoId: nonEmpty }));
/** A hidden video back where listeners find it. */
export const VideoShown = defineEvent('VideoShown', z.object({ videoId: nonEmpty }));
/** Gone for good: from the listeners' lists and page and from the admins' list; its slug is free again. */
export const VideoDeleted = defineEvent('VideoDeleted', z.object({ videoId: nonEmpty }));
export const VideoDetailsChanged = defineEvent(
  'VideoDetailsChanged',
  z.object({
    videoId: nonEmpty,
    changes: z.partial(
      z.object({
        title: nonEmpty,
        description: z.nullable(z.string()),
        youtubeVideoId: z.string().check(z.regex(/^[\w-]{11}$/)),
        requiredTier: z.enum(['free', 'toko_plus']),
      }),
    ),
  }),
);
