/**
 * Shopify's webhooks: the HMAC-SHA256 of the raw body (base64, `X-Shopify-Hmac-Sha256`, keyed with SHOPIFY_WEBHOOK_SECRET)
 * is checked before anything is read, a delivery triggered too long ago is refused, and an `orders/create` is recorded
 * once as MerchOrderPlaced on its order's stream, however many times and in whatever order it arrives.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalid, unavailable } from '../platform/errors.js';
import { merchOrderDecider, merchOrderFrom, merchOrderStream, orderedProductIds, shopifyOrderSchema } from './domain/order.js';
import { runCommand } from '../platform/command.js';
import type { EventStore } from '../platform/event-store.js';
import { env } from '../platform/env.js';
import { storefront } from './storefront.js';

/**
 * A delivery whose `X-Shopify-Triggered-At` is further than this from the time it arrives is refused as stale (or as
 * from the future). The header is not covered by the signature, so the window turns away late and replayed deliveries
 * of honest senders; that a replay changes nothing comes from the order's stream (one event per order).
 */
const WEBHOOK_WINDOW_SECONDS = 300;

/** The header names as Shopify sends them, lowercased as the edge hands headers over. */
interface ShopifyWebhookHeaders {
  'x-shopify-hmac-sha256'?: string;
  'x-shopify-topic'?: string;
  'x-shopify-webhook-id'?: string;
  'x-shopify-triggered-at'?: string;
}

interface ShopifyDelivery {
  topic: string;
  webhookId: string;
  triggeredAt: Date;
}

/** Checks a delivery's signature on its raw body and its age; a missing, forged or stale one is refused as invalid. */
export function verifyShopifyWebhook(rawBody: Buffer, headers: ShopifyWebhookHeaders, receivedAt: Date): ShopifyDelivery {
  const secret = env().SHOPIFY_WEBHOOK_SECRET;
  if (!secret) throw unavailable('shop_unavailable', 'Shop webhooks are not configured');
  const signature = headers['x-shopify-hmac-sha256'];
  if (!signature) throw invalid('invalid_signature', 'Missing X-Shopify-Hmac-Sha256 header');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalid('invalid_signature', 'Webhook signature verification failed');
  }
  const { 'x-shopify-topic': topic, 'x-shopify-webhook-id': webhookId, 'x-shopify-triggered-at': triggered } = headers;
  if (!topic || !webhookId) throw invalid('invalid_webhook', 'Missing X-Shopify-Topic or X-Shopify-Webhook-Id header');
  const triggeredAt = new Date(triggered ?? '');
  if (Number.isNaN(triggeredAt.getTime())) throw invalid('stale_webhook', 'Missing or unreadable X-Shopify-Triggered-At header');
  if (Math.abs(receivedAt.getTime() - triggeredAt.getTime()) > WEBHOOK_WINDOW_SECONDS * 1000) {
    throw invalid(
      'stale_webhook',
      `Webhook triggered at ${triggeredAt.toISOString()}, more than ${WEBHOOK_WINDOW_SECONDS / 60} minutes away`,
    );
  }
  return { topic, webhookId, triggeredAt };
}

type ShopifyOutcome = 'applied' | 'duplicate' | 'ignored';

/** Records what a verified delivery reports: a new order once; a repeated order and any other topic change nothing. */
export async function applyShopifyWebhook(
  rawBody: Buffer,
  delivery: ShopifyDelivery,
  at: Date,
  eventStore: EventStore,
): Promise<ShopifyOutcome> {
  if (delivery.topic !== 'orders/create') return 'ignored';
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw invalid('invalid_order', 'The order is not JSON');
  }
  const parsed = shopifyOrderSchema.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    throw invalid('invalid_order', `The order is not one Shopify sends: ${problem.path.join('.')}: ${problem.message}`);
  }
  const artists = await storefront().productArtists(orderedProductIds(parsed.data));
  const order = merchOrderFrom(parsed.data, delivery.webhookId, (productId) => artists.get(productId) ?? null);
  const { appended } = await runCommand(
    merchOrderStream(order.orderId),
    merchOrderDecider,
    { type: 'PlaceMerchOrder', order },
    { actor: 'shopify', correlationId: delivery.webhookId, at, eventStore },
    () => [],
    // The first delivery appends at version 0 without a read; a later one is refused there and decides nothing.
    { startsStream: true },
  );
  return appended ? 'applied' : 'duplicate';
}
