import { beforeAll, describe, expect, inject, it } from 'vitest';
import { STOREFRONT_API_VERSION } from '../../functions/merch/storefront.js';
import { sandboxProducts, sandboxStock } from '../../infra/local/shopify-sandbox/catalogue.js';
import { SANDBOX_STOREFRONT_TOKEN } from '../../infra/local/shopify-sandbox/index.js';
import { api, useCloudEnv } from '../support/cloud.js';

beforeAll(() => useCloudEnv());

const variant = (handle: string, title: string) =>
  sandboxProducts.find((p) => p.handle === handle)!.variants.find((v) => v.title === title)!;
/** The store has two of these. */
const scarce = variant('after-hours-longsleeve', 'L');
const soldOut = variant('first-light-tee', 'XL');
const tee = variant('first-light-tee', 'M');

/** A Storefront API request to the local cloud's Shopify sandbox, at the version the app pins. */
async function storefront(query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${inject('cloudEnv').SHOPIFY_SANDBOX_URL}/api/${STOREFRONT_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': SANDBOX_STOREFRONT_TOKEN },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: any }).data;
}

describe('stock at the shop', () => {
  it('the sandbox answers a line over stock at the pinned version with a cart holding the stock, and a warning naming the line', async () => {
    expect(sandboxStock.get(scarce.id)).toBe(2);
    const { cartCreate } = await storefront(
      `mutation ($lines: [CartLineInput!]) { cartCreate(input: { lines: $lines }) {
        cart { id lines(first: 5) { nodes { id quantity merchandise { ... on ProductVariant { id } } } } }
        userErrors { code message } warnings { code message target } } }`,
      { lines: [{ merchandiseId: scarce.id, quantity: 4 }] },
    );
    expect(cartCreate.userErrors).toEqual([]);
    const [line] = cartCreate.cart.lines.nodes;
    expect(line).toMatchObject({ quantity: 2, merchandise: { id: scarce.id } });
    expect(cartCreate.warnings).toEqual([
      { code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: 'Only 2 items were added to your cart due to availability.', target: line.id },
    ]);
  });

  it('the app makes the cart without what the shop lacks, and says what each changed line now holds', async () => {
    const res = await api('/api/shopify/create-cart', {
      method: 'POST',
      json: {
        items: [
          { variantId: scarce.id, quantity: 3 },
          { variantId: soldOut.id, quantity: 1 },
          { variantId: tee.id, quantity: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      lines: [
        { variantId: scarce.id, quantity: 2 },
        { variantId: tee.id, quantity: 1 },
      ],
      adjustments: [
        { variantId: scarce.id, requested: 3, quantity: 2, reason: 'not_enough_stock' },
        { variantId: soldOut.id, requested: 1, quantity: 0, reason: 'out_of_stock' },
      ],
    });
    // The shop's own cart holds the same: the sold-out line is gone from it, so its checkout takes what remains.
    const { cart } = await storefront(
      `query ($id: ID!) { cart(id: $id) { totalQuantity lines(first: 5) { nodes { quantity merchandise { ... on ProductVariant { id } } } } } }`,
      { id: res.body.cartId },
    );
    expect(cart.lines.nodes.map((l: { quantity: number; merchandise: { id: string } }) => [l.merchandise.id, l.quantity])).toEqual([
      [scarce.id, 2],
      [tee.id, 1],
    ]);
    const checkout = await (await fetch(res.body.checkoutUrl)).text();
    expect(checkout).toContain('After Hours Longsleeve (L) × 2');
  });

  it('a bag of nothing in stock gets an empty cart and the reason, not an error', async () => {
    const res = await api('/api/shopify/create-cart', { method: 'POST', json: { items: [{ variantId: soldOut.id, quantity: 2 }] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      lines: [],
      adjustments: [{ variantId: soldOut.id, requested: 2, quantity: 0, reason: 'out_of_stock' }],
    });
  });
});
