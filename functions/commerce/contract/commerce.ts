/** Contract of the `commerce` context: the album cart, album checkout, the success pages, purchases and downloads. */
import * as z from 'zod/mini';
import { emailAddress, endpoint, looseId, noBody, nullableText, success } from '../../platform/contract/endpoint.js';

const dollars = z.number().check(z.nonnegative());

/**
 * The album cart item (id, type, albumId, albumTitle or title, albumArtwork or artwork, basePrice or price,
 * subscriberPrice, stripePriceDefault, stripePriceSubscriber, userSelectedSubscriber, userSelectedPrice). Clients of
 * the published cart API read either spelling of the title, the artwork and the price, and the Stripe names of both
 * prices beside them, so they go out twice; the SPA reads `albumTitle`, `albumArtwork`, `basePrice` and
 * `subscriberPrice`.
 */
export const cartItem = z.object({
  id: z.string(),
  type: z.literal('album'),
  albumId: z.string(),
  albumTitle: z.string(),
  /** The other spelling of `albumTitle`. */
  title: z.string(),
  artistName: nullableText,
  albumArtwork: nullableText,
  /** The other spelling of `albumArtwork`. */
  artwork: nullableText,
  basePrice: dollars,
  /** The other spelling of `basePrice`. */
  price: dollars,
  /** The member price: the album's subscriber price, or else 70 % of its default price. */
  subscriberPrice: dollars,
  /** The Stripe name of `basePrice`. */
  stripePriceDefault: dollars,
  /** The Stripe name of `subscriberPrice`. */
  stripePriceSubscriber: dollars,
  userSelectedSubscriber: z.boolean(),
  userSelectedPrice: dollars,
});
export type CartItem = z.infer<typeof cartItem>;

export const cart = z.array(cartItem);
/** The answer of every cart command: the cart as it is now. */
export const cartChange = z.object({ success, cart });

/** A guest cart item as the SPA keeps it; prices are ignored (the catalogue's count). */
export const guestCartItem = z.looseObject({ albumId: looseId, userSelectedSubscriber: z.optional(z.boolean()) });

export const pricingChoice = z.enum(['default', 'subscriber', 'subscriber_with_plan']);

const checkoutBody = z.object({
  cartItems: z.optional(z.array(z.looseObject({ albumId: looseId })).check(z.maxLength(100))),
  email: z.optional(
    z.union([
      emailAddress,
      z.pipe(
        z.literal(''),
        z.transform(() => undefined),
      ),
    ]),
  ),
  includeSubscription: z.optional(z.boolean()),
  subscribeSelected: z.optional(z.boolean()),
});

const sessionId = z.string().check(z.minLength(1), z.maxLength(300));

/**
 * A purchase result item (albumTitle, downloadUrl); `title` is the other spelling of the title, as a Purchase has
 * both.
 */
export const purchaseResult = z.object({
  albumId: z.string(),
  albumTitle: z.string(),
  title: z.string(),
  artistName: nullableText,
  artwork: nullableText,
  purchasePrice: dollars,
  downloadUrl: nullableText,
});
export type PurchaseResult = z.infer<typeof purchaseResult>;

/** Stripe's status of the checkout session: open, complete or expired. */
const checkoutStatus = nullableText;

/** What the success pages read of a finished (or not yet finished) checkout. */
export const checkoutResult = z.object({
  success: z.boolean(),
  status: checkoutStatus,
  paymentStatus: z.string(),
  purchases: z.array(purchaseResult),
  subscribed: z.boolean(),
  subscriptionActivated: z.boolean(),
  /** Dollars. */
  total: dollars,
  emailSent: z.boolean(),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;

/** A purchase: both spellings of the title, `title` and `albumTitle`, go out. */
export const purchase = z.object({
  id: z.string(),
  albumId: z.string(),
  title: z.string(),
  /** The other spelling of `title`. */
  albumTitle: z.string(),
  artistName: nullableText,
  artwork: nullableText,
  purchaseDate: z.string(),
  purchasePrice: dollars,
});
export type Purchase = z.infer<typeof purchase>;

export const purchasedAlbum = z.object({
  id: z.string(),
  albumId: z.string(),
  title: z.string(),
  artwork: nullableText,
  artistName: nullableText,
  purchaseDate: z.string(),
  purchasePrice: dollars,
  /** The download link, under the name clients read: a short-lived signed link, null while the download is pending. */
  shopifyZipUrl: nullableText,
  downloadStatus: z.enum(['ready', 'pending']),
});
export type PurchasedAlbum = z.infer<typeof purchasedAlbum>;

export const getCart = endpoint({ answer: cart });
export const addToCartAnswer = z.object({ success, item: cartItem, cart });
export const addToCart = endpoint({
  body: z.object({ albumId: looseId, userSelectedSubscriber: z._default(z.boolean(), false) }),
  answer: addToCartAnswer,
});
export const removeFromCart = endpoint({
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  answer: cartChange,
});
export const clearCart = endpoint({ answer: cartChange });
export const syncGuestCartAnswer = z.object({ success, syncedItems: z.int(), received: z.int(), cart });
export const syncGuestCart = endpoint({
  body: z.object({ guestCartItems: z._default(z.array(z.unknown()).check(z.maxLength(100)), []) }),
  answer: syncGuestCartAnswer,
});
export const startCheckoutAnswer = z.object({
  clientSecret: nullableText,
  sessionId: z.string(),
  orderId: z.string(),
  /** What the buyer pays, in dollars, as the server priced it. */
  total: dollars,
  pricing: pricingChoice,
  /** Stripe gives embedded sessions no URL; a Stripe-compatible sandbox may. */
  checkoutUrl: nullableText,
  /** Set with real Stripe keys: the SPA mounts Stripe's embedded form for `clientSecret` with Stripe.js. */
  publishableKey: nullableText,
});
export const startCheckout = endpoint({ body: checkoutBody, answer: startCheckoutAnswer });
export const startHostedCheckoutAnswer = z.object({ checkoutUrl: z.string(), sessionId: z.string(), orderId: z.string(), total: dollars });
export const startHostedCheckout = endpoint({ body: checkoutBody, answer: startHostedCheckoutAnswer });
export const verifyCartPurchaseAnswer = z.object({
  success: z.boolean(),
  purchases: z.array(purchaseResult),
  status: checkoutStatus,
  emailSent: z.boolean(),
});
export const verifyCartPurchase = endpoint({ body: z.object({ sessionId }), answer: verifyCartPurchaseAnswer });
export const checkSession = endpoint({ params: z.object({ sessionId }), answer: checkoutResult });
export const getStripeProductAnswer = z.object({
  success,
  product: z.object({ id: z.string(), name: z.string(), images: z.array(z.string()) }),
});
export const getStripeProduct = endpoint({
  params: z.object({ productId: z.string().check(z.regex(/^prod_\w{1,200}$/)) }),
  answer: getStripeProductAnswer,
});
export const listPurchasesAnswer = z.object({ purchases: z.array(purchase) });
export const listPurchases = endpoint({ answer: listPurchasesAnswer });
export const listPurchasedAlbumsAnswer = z.array(purchasedAlbum);
export const listPurchasedAlbums = endpoint({ answer: listPurchasedAlbumsAnswer });
/** Answers 302 to a short-lived signed URL of the album's zip. */
export const download = endpoint({
  params: z.object({ albumId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  query: z.object({
    expires: z.coerce.number().check(z.int(), z.positive()),
    signature: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  answer: noBody,
});
