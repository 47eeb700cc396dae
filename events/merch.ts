/**
 * The merch shop's events: an order the storefront (Shopify, or the local cloud's Shopify sandbox) reported by its
 * signed `orders/create` webhook. Amounts are integer cents, as the label's money figures are; the order carries no
 * personal data (the shop keeps the buyer's name and address), only what the dashboard and statements count.
 */
import * as z from 'zod/mini';
import { defineEvent } from './envelope.js';
import { isoDateTime, nonEmpty, nonNegativeInteger, positiveInteger } from './fields.js';

/** Integer cents, never below zero. */
const cents = nonNegativeInteger;

const merchOrderLineSchema = z.object({
  /** The storefront's product and variant ids (`gid://shopify/Product/…`). */
  productId: nonEmpty,
  variantId: nonEmpty,
  title: nonEmpty,
  quantity: positiveInteger,
  /** Price of one item, before discounts. */
  unitPriceCents: cents,
  /** The artist the product belongs to (for their statement), or null for label merch. */
  artistId: z.nullable(nonEmpty),
});

/** Stream `merch-order#<orderId>`: one event per order, whatever the number of webhook deliveries. */
export const MerchOrderPlaced = defineEvent(
  'MerchOrderPlaced',
  z.object({
    /** The shop's order id. */
    orderId: nonEmpty,
    /** The shop's order number as its receipts show it (e.g. "#1001"). */
    orderName: nonEmpty,
    /** When the shop says the order was placed. */
    placedAt: isoDateTime,
    currency: z.literal('USD'),
    lines: z.array(merchOrderLineSchema).check(z.minLength(1)),
    /** Items after discounts, before shipping and tax: the revenue the label and artists share. */
    subtotalCents: cents,
    shippingCents: cents,
    taxCents: cents,
    totalCents: cents,
    /** The webhook delivery that first reported it (`X-Shopify-Webhook-Id`). */
    webhookId: nonEmpty,
  }),
);
