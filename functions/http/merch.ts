/**
 * HTTP context `merch`: the merch shop's products, collections and carts, through the configured storefront, and the
 * shop's webhooks (signature checked on the raw body before anything is read; each order recorded once).
 */
import { contextHandler } from '../lib/http.js';
import { applyShopifyWebhook, verifyShopifyWebhook } from '../lib/shopify-webhook.js';
import { storefront } from '../lib/storefront.js';
import { createLogger } from '../lib/log.js';
import { countingFailures } from '../lib/metrics.js';

const logger = createLogger('merch');

export const handler = contextHandler('merch', {
  'GET /api/shopify/products': async () => storefront().products(),
  'GET /api/shopify/collections': async () => storefront().collections(),
  'POST /api/shopify/create-cart': async ({ body }) => {
    const cart = await storefront().createCart(body.items);
    return { success: true, cartId: cart.cartId, checkoutUrl: cart.checkoutUrl };
  },
  'POST /api/shopify/webhook': ({ request }) =>
    countingFailures(logger, async () => {
      const delivery = verifyShopifyWebhook(request.rawBody, request.headers, request.receivedAt);
      const outcome = await applyShopifyWebhook(request.rawBody, delivery, request.receivedAt);
      logger.info('shopify webhook', { webhookId: delivery.webhookId, topic: delivery.topic, outcome });
      return { received: true as const, outcome };
    }),
});
