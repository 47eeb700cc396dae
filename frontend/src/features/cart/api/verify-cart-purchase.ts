/** POST /api/stripe/verify-cart-purchase: the albums a finished checkout bought, with their download links. */
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const purchasedAlbumSchema = z.object({
  albumId: z.string(),
  albumTitle: z.string(),
  artwork: z.nullish(z.string()),
  downloadUrl: z.nullish(z.string()),
});
export type PurchasedAlbum = z.infer<typeof purchasedAlbumSchema>;

const verifyAnswerSchema = z.object({ success: z.boolean(), purchases: z._default(z.array(purchasedAlbumSchema), []) });

export const verifyCartPurchase = (sessionId: string) =>
  request('/api/stripe/verify-cart-purchase', verifyAnswerSchema, { method: 'POST', body: { sessionId } });
