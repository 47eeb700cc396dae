/**
 * HTTP context `merch`: the merch shop's products, collections and carts, through the configured storefront, and the
 * shop's webhooks (signature checked on the raw body before anything is read; each order recorded once). A signed-in
 * Toko+ member's cart carries the shop's member discount code, put on by the server: no one else's can.
 */
import { brand } from '../../../events/brand.js';
import { toDollars } from '../../commerce/contract/pricing.js';
import { env } from '../../platform/env.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler } from '../../platform/http.js';
import { merchRoutes } from '../../routes.js';
import { isSubscriber, type Session } from '../../platform/session.js';
import { applyShopifyWebhook, verifyShopifyWebhook } from '../shopify-webhook.js';
import { storefront } from '../storefront.js';
import { correlatedLogger, createLogger } from '../../platform/log.js';
import { countingFailures } from '../../platform/metrics.js';

const logger = createLogger('merch');

/** The member discount code this listener's carts carry, or null. */
const memberDiscountCode = (session: Session | null): string | null =>
  isSubscriber(session) ? (env().SHOPIFY_MEMBER_DISCOUNT_CODE ?? null) : null;

export const handler = contextHandler(merchRoutes, authorizer, {
  'GET /api/shopify/products': async () => storefront().products(),
  'GET /api/shopify/collections': async () => storefront().collections(),
  'GET /api/shopify/member-discount': ({ session }) =>
    Promise.resolve({ percent: memberDiscountCode(session) ? brand.memberMerchDiscountPercent : null }),
  'POST /api/shopify/create-cart': async ({ body, session, request }) => {
    const code = memberDiscountCode(session);
    const cart = await storefront().createCart(body.items, code ? [code] : []);
    // The bag promised the member this discount: a shop that does not take the code (expired, renamed) is the label's to fix.
    if (code && !cart.discountCodes.some((c) => c.applicable)) {
      logger.error('the shop did not apply the member discount code', {
        correlationId: request.requestId,
        discountCodes: cart.discountCodes.map((c) => c.applicable),
      });
    }
    return {
      success: true,
      cartId: cart.cartId,
      checkoutUrl: cart.checkoutUrl,
      memberDiscount: toDollars(cart.discountCents),
      lines: cart.lines,
      adjustments: cart.adjustments,
    };
  },
  'GET /api/shopify/cart-status': async ({ query }) => ({ spent: await storefront().isCartSpent(query.cartId) }),
  'POST /api/shopify/webhook': ({ request }) =>
    countingFailures(correlatedLogger(logger, request.requestId), async () => {
      const delivery = verifyShopifyWebhook(request.rawBody, request.headers, request.receivedAt);
      const outcome = await applyShopifyWebhook(request.rawBody, delivery, request.receivedAt, dynamoEventStore);
      logger.info('shopify webhook', { correlationId: delivery.webhookId, webhookId: delivery.webhookId, topic: delivery.topic, outcome });
      return { received: true as const, outcome };
    }),
});
