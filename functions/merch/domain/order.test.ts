import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../events/index.js';
import { centsOf, merchOrderDecider, merchOrderFrom, orderedProductIds, shopifyOrderSchema, type ShopifyOrder } from './order.js';

const shopifyOrder = (overrides: Partial<ShopifyOrder> = {}): ShopifyOrder => ({
  id: 5000001001,
  admin_graphql_api_id: 'gid://shopify/Order/5000001001',
  name: '#1001',
  created_at: '2026-11-01T08:00:00-04:00',
  currency: 'USD',
  subtotal_price: '79.50',
  total_tax: '4.10',
  total_price: '88.60',
  total_shipping_price_set: { shop_money: { amount: '5.00', currency_code: 'USD' } },
  line_items: [
    { id: 1, product_id: 1, variant_id: 102, title: 'First Light Tee', name: 'First Light Tee - M', quantity: 2, price: '28.00' },
    { id: 2, product_id: 9, variant_id: 901, title: 'Label Tote Bag', quantity: 1, price: '23.5' },
  ],
  ...overrides,
});

const artists: Record<string, string> = { 'gid://shopify/Product/1': 'artist-mara-vell' };
const artistOf = (productId: string) => artists[productId] ?? null;

describe('a merch order from the shop', () => {
  it('becomes the label fact: storefront ids, integer cents, UTC time, each line credited to its product’s artist', () => {
    expect(merchOrderFrom(shopifyOrder(), 'webhook-1', artistOf)).toEqual({
      orderId: 'gid://shopify/Order/5000001001',
      orderName: '#1001',
      placedAt: '2026-11-01T12:00:00.000Z',
      currency: 'USD',
      lines: [
        {
          productId: 'gid://shopify/Product/1',
          variantId: 'gid://shopify/ProductVariant/102',
          title: 'First Light Tee - M',
          quantity: 2,
          unitPriceCents: 2800,
          artistId: 'artist-mara-vell',
        },
        {
          productId: 'gid://shopify/Product/9',
          variantId: 'gid://shopify/ProductVariant/901',
          title: 'Label Tote Bag',
          quantity: 1,
          unitPriceCents: 2350,
          artistId: null,
        },
      ],
      subtotalCents: 7950,
      shippingCents: 500,
      taxCents: 410,
      totalCents: 8860,
      webhookId: 'webhook-1',
    });
  });

  it('keeps a custom line (no product) as the label’s, under its line item id, and asks no artist for it', () => {
    const order = shopifyOrder({
      line_items: [{ id: 7, product_id: null, variant_id: null, title: 'Gift wrap', quantity: 1, price: '3.00' }],
    });
    expect(orderedProductIds(order)).toEqual([]);
    const [line] = merchOrderFrom(order, 'w', () => 'artist-x').lines;
    expect(line).toMatchObject({ productId: 'gid://shopify/LineItem/7', variantId: 'gid://shopify/LineItem/7', artistId: null });
  });

  it('names each ordered product once, for the artist look-up', () => {
    const order = shopifyOrder();
    order.line_items.push({ ...order.line_items[0], id: 3, variant_id: 103 });
    expect(orderedProductIds(order)).toEqual(['gid://shopify/Product/1', 'gid://shopify/Product/9']);
  });

  it('refuses an order in another currency', () => {
    expect(() => merchOrderFrom(shopifyOrder({ currency: 'EUR' }), 'w', artistOf)).toThrow(/USD/);
  });

  it('reads amounts digit by digit', () => {
    expect([centsOf('0.1'), centsOf('19.99'), centsOf('1000'), centsOf('0.07')]).toEqual([10, 1999, 100000, 7]);
    expect(() => centsOf('1.005')).toThrow();
    expect(() => centsOf('-1.00')).toThrow();
  });

  it('reads what Shopify sends and ignores the rest; a payload without lines or ids is not an order', () => {
    const payload = { ...shopifyOrder(), email: 'fan@example.com', customer: { id: 1 }, financial_status: 'paid' };
    expect(shopifyOrderSchema.parse(payload)).toEqual(shopifyOrder());
    expect(shopifyOrderSchema.safeParse({ ...shopifyOrder(), line_items: [] }).success).toBe(false);
    expect(shopifyOrderSchema.safeParse({ ...shopifyOrder(), id: 'x' }).success).toBe(false);
  });
});

describe('the merch order decider', () => {
  const order = merchOrderFrom(shopifyOrder(), 'webhook-1', artistOf);
  const placed = { type: 'MerchOrderPlaced', data: order } as DomainEvent;

  it('places a new order', () => {
    expect(merchOrderDecider.decide({ type: 'PlaceMerchOrder', order }, merchOrderDecider.initialState)).toEqual([
      { type: 'MerchOrderPlaced', data: order },
    ]);
  });

  it('decides nothing for an order already placed, whichever delivery reports it again', () => {
    const state = [placed].reduce(merchOrderDecider.evolve, merchOrderDecider.initialState);
    expect(merchOrderDecider.decide({ type: 'PlaceMerchOrder', order: { ...order, webhookId: 'webhook-2' } }, state)).toEqual([]);
  });
});
