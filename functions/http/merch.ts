/** HTTP context `merch`: the merch shop's products, collections and carts, through the configured storefront. */
import { contextHandler } from '../lib/http.js';
import { storefront } from '../lib/storefront.js';

export const handler = contextHandler('merch', {
  'GET /api/shopify/products': async () => storefront().products(),
  'GET /api/shopify/collections': async () => storefront().collections(),
  'POST /api/shopify/create-cart': async ({ body }) => {
    const cart = await storefront().createCart(body.items);
    return { success: true, cartId: cart.cartId, checkoutUrl: cart.checkoutUrl };
  },
});
