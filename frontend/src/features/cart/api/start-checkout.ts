/**
 * POST /api/cart/checkout (an embedded Stripe session: clientSecret, sessionId, and from a Stripe-compatible
 * sandbox a page standing in for the embedded form) and POST /api/simple-checkout (a hosted page to go to).
 * Prices are the server's; the cart lines are sent with the fields the server's checkout reads.
 */
import { startCheckoutAnswer, startHostedCheckoutAnswer } from '#contract/commerce.js';
import { api } from '../../../lib/http';
import type { CartAlbum } from '../cart-album';

export interface CheckoutRequest {
  cartItems: Array<{ albumId: string; albumTitle: string; basePrice: number; subscriberPrice: number }>;
  email?: string;
  /** Sent only when a non-member ticked Toko+: a member is never charged for it twice. */
  includeSubscription?: true;
}

export const checkoutRequest = (
  albums: readonly CartAlbum[],
  email: string | null | undefined,
  includeSubscription: boolean,
): CheckoutRequest => ({
  cartItems: albums.map((album) => ({
    albumId: album.albumId,
    albumTitle: album.title,
    basePrice: album.basePrice,
    subscriberPrice: album.subscriberPrice,
  })),
  ...(email ? { email } : {}),
  ...(includeSubscription ? { includeSubscription: true as const } : {}),
});

export const startEmbeddedCheckout = (body: CheckoutRequest, signal?: AbortSignal) =>
  api('POST /api/cart/checkout', startCheckoutAnswer, { body, signal });

export const startHostedCheckout = (body: CheckoutRequest) => api('POST /api/simple-checkout', startHostedCheckoutAnswer, { body });
