/**
 * The merch shop's events: an order the storefront (Shopify, or the local cloud's Shopify sandbox) reported by its
 * signed `orders/create` webhook. Amounts are integer cents, as the label's money figures are; the order carries no
 * personal data (the shop keeps the buyer's name and address), only what the dashboard and statements count.
 */
import * as z from 'zod';
import { defineEvent } from './envelope.js';

const cents = z.number().int();

export const merchOrderLineSchema = z.object({
  /** The storefront's product and variant ids (`gid://shopify/Product/…`). */
  productId: z.string().min(1),
  variantId: z.string().min(1),
  title: z.string().min(1),
  quantity: z.number().int().positive(),
  /** Price of one item, before discounts. */
  unitPriceCents: cents.nonnegative(),
  /** The artist the product belongs to (for their statement), or null for label merch. */
  artistId: z.string().min(1).nullable(),
});

/** Stream `merch-order#<orderId>`: one event per order, whatever the number of webhook deliveries. */
export const MerchOrderPlaced = defineEvent(
  'MerchOrderPlaced',
  z.object({
    /** The shop's order id. */
    orderId: z.string().min(1),
    /** The shop's order number as its receipts show it (e.g. "#1001"). */
    orderName: z.string().min(1),
    /** When the shop says the order was placed. */
    placedAt: z.string().datetime(),
    currency: z.literal('USD'),
    lines: z.array(merchOrderLineSchema).min(1),
    /** Items after discounts, before shipping and tax: the revenue the label and artists share. */
    subtotalCents: cents.nonnegative(),
    shippingCents: cents.nonnegative(),
    taxCents: cents.nonnegative(),
    totalCents: cents.nonnegative(),
    /** The webhook delivery that first reported it (`X-Shopify-Webhook-Id`). */
    webhookId: z.string().min(1),
  }),
);
