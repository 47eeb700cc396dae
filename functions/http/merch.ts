/** HTTP context `merch`: the merch shop's products, collections and carts, through the configured storefront. */
import * as z from 'zod';
import { contextHandler, defineRoute } from '../lib/http.js';
import { storefront } from '../lib/storefront.js';

export const handler = contextHandler('merch', {
  'GET /api/shopify/products': defineRoute({}, async () => storefront().products()),
  'GET /api/shopify/collections': defineRoute({}, async () => storefront().collections()),
  'POST /api/shopify/create-cart': defineRoute(
    {
      body: z.object({
        items: z
          .array(z.object({ variantId: z.string().min(1).max(200), quantity: z.number().int().min(1).max(99) }))
          .min(1)
          .max(50),
      }),
    },
    async ({ body }) => {
      const cart = await storefront().createCart(body.items);
      return { success: true, cartId: cart.cartId, checkoutUrl: cart.checkoutUrl };
    },
  ),
});
