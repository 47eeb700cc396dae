/** POST /api/shopify/create-cart: an external cart of the bag's lines, answered with its checkout URL. */
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const createdCartSchema = z.object({
  cartId: z.nullish(z.string()),
  checkoutUrl: z.nullish(z.string()),
});

export const createMerchCart = (items: Array<{ variantId: string; quantity: number }>) =>
  request('/api/shopify/create-cart', createdCartSchema, { method: 'POST', body: { items } });
