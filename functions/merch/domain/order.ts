/**
 * A merch order: what the shop's `orders/create` webhook reports, translated into the label's fact (MerchOrderPlaced,
 * integer cents, each line credited to the artist its product names) and recorded once per order, however many times
 * and in whatever order the shop delivers it: a placed order decides nothing more. Pure.
 */
import * as z from 'zod/mini';
import type { DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { assertNever, invalid } from '../../platform/errors.js';

export const merchOrderStream = (orderId: string) => `merch-order#${orderId}`;

type MerchOrder = EventOf<'MerchOrderPlaced'>['data'];
interface MerchOrderState {
  placed: boolean;
}
type MerchOrderCommand = { type: 'PlaceMerchOrder'; order: MerchOrder };

export const merchOrderDecider = {
  initialState: { placed: false } as MerchOrderState,
  evolve: (state: MerchOrderState, event: DomainEvent): MerchOrderState => (event.type === 'MerchOrderPlaced' ? { placed: true } : state),
  decide: (command: MerchOrderCommand, state: MerchOrderState): NewEvent[] => {
    switch (command.type) {
      case 'PlaceMerchOrder':
        return state.placed ? [] : [{ type: 'MerchOrderPlaced', data: command.order }];
      default:
        return assertNever(command.type);
    }
  },
};

/** A decimal amount as the shop sends it ("28.00", "5", "0.5") in integer cents, read digit by digit (no float rounding). */
export function centsOf(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw invalid('invalid_order', `"${amount}" is not an amount of money`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const amount = z.string().check(z.regex(/^\d+(\.\d{1,2})?$/, 'an amount such as "28.00"'));
const moneySet = z.object({ shop_money: z.object({ amount, currency_code: z.string() }) });

const id = z.number().check(z.int(), z.positive());
const text = z.string().check(z.minLength(1));

/**
 * The part of Shopify's order payload (REST Admin API shape, as `orders/create` sends it) that the label counts. Ids
 * are numbers there; a line of a custom item has no product or variant. Everything else in the payload is left unread.
 */
export const shopifyOrderSchema = z.object({
  id,
  admin_graphql_api_id: text,
  name: text,
  created_at: z.string().check(z.refine((at) => !Number.isNaN(Date.parse(at)), 'a date and time')),
  currency: z.string(),
  subtotal_price: amount,
  total_tax: amount,
  total_price: amount,
  total_shipping_price_set: z.nullish(moneySet),
  line_items: z
    .array(
      z.object({
        id,
        product_id: z.nullable(id),
        variant_id: z.nullable(id),
        title: text,
        name: z.optional(text),
        quantity: z.number().check(z.int(), z.positive()),
        price: amount,
      }),
    )
    .check(z.minLength(1)),
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

/** Storefront ids of the Admin API's numbers. */
const productGid = (id: number) => `gid://shopify/Product/${id}`;
const variantGid = (id: number) => `gid://shopify/ProductVariant/${id}`;
const lineGid = (id: number) => `gid://shopify/LineItem/${id}`;

/** The storefront products an order's lines name, for their artists. */
export const orderedProductIds = (order: ShopifyOrder) => [
  ...new Set(order.line_items.flatMap((line) => (line.product_id === null ? [] : [productGid(line.product_id)]))),
];

/**
 * The fact the order becomes. `artistOf` names the artist of a product (null for the label's own merch); a custom line
 * (no product) is the label's and keeps its line item's id. Only US dollars are counted: the label's figures are in them.
 */
export function merchOrderFrom(order: ShopifyOrder, webhookId: string, artistOf: (productId: string) => string | null): MerchOrder {
  if (order.currency !== 'USD') throw invalid('unsupported_currency', `Order ${order.name} is in ${order.currency}; the shop sells in USD`);
  return {
    orderId: order.admin_graphql_api_id,
    orderName: order.name,
    placedAt: new Date(order.created_at).toISOString(),
    currency: 'USD',
    lines: order.line_items.map((line) => {
      const productId = line.product_id === null ? lineGid(line.id) : productGid(line.product_id);
      return {
        productId,
        variantId: line.variant_id === null ? lineGid(line.id) : variantGid(line.variant_id),
        title: line.name ?? line.title,
        quantity: line.quantity,
        unitPriceCents: centsOf(line.price),
        artistId: line.product_id === null ? null : artistOf(productId),
      };
    }),
    subtotalCents: centsOf(order.subtotal_price),
    shippingCents: order.total_shipping_price_set ? centsOf(order.total_shipping_price_set.shop_money.amount) : 0,
    taxCents: centsOf(order.total_tax),
    totalCents: centsOf(order.total_price),
    webhookId,
  };
}
