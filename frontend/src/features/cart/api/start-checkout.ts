/**
 * POST /api/cart/checkout (an embedded Stripe session: clientSecret, sessionId, and from a Stripe-compatible
 * sandbox a page standing in for the embedded form) and POST /api/simple-checkout (a hosted page to go to).
 * Prices are the server's; the cart lines are sent as the spec lists them.
 */
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import type { CartAlbum } from '../cart-album';

export interface CheckoutRequest {
  cartItems: Array<{ albumId: string; albumTitle: string; basePrice: number; subscriberPrice: number }>;
  email?: string;
  /** Sent only when a non-member ticked Toko+ (spec §5). */
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

const embeddedAnswerSchema = z.object({
  clientSecret: z.nullish(z.string()),
  sessionId: z.string(),
  checkoutUrl: z.nullish(z.string()),
});
export type EmbeddedCheckout = z.infer<typeof embeddedAnswerSchema>;

const hostedAnswerSchema = z.object({ checkoutUrl: z.string(), sessionId: z.nullish(z.string()) });

export const startEmbeddedCheckout = (body: CheckoutRequest, signal?: AbortSignal): Promise<EmbeddedCheckout> =>
  request('/api/cart/checkout', embeddedAnswerSchema, { method: 'POST', body, signal });

export const startHostedCheckout = (body: CheckoutRequest) => request('/api/simple-checkout', hostedAnswerSchema, { method: 'POST', body });
