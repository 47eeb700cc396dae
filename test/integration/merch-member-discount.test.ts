import { beforeAll, describe, expect, inject, it } from 'vitest';
import { brand } from '../../events/brand.js';
import { readStream } from '../../functions/platform/event-store.js';
import { STOREFRONT_API_VERSION } from '../../functions/merch/storefront.js';
import { sandboxProducts } from '../../infra/local/shopify-sandbox/catalogue.js';
import { SANDBOX_MEMBER_DISCOUNT_CODE, SANDBOX_STOREFRONT_TOKEN } from '../../infra/local/shopify-sandbox/index.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { signedInListener, type TestListener } from '../support/signed-in.js';

beforeAll(() => useCloudEnv());

const shopifyUrl = () => inject('cloudEnv').SHOPIFY_SANDBOX_URL;
const hoodie = sandboxProducts.find((p) => p.handle === 'low-tides-hoodie')!.variants.find((v) => v.title === 'L')!;
const tote = sandboxProducts.find((p) => p.handle === 'label-tote')!.variants[0];
/** Two hoodies ($55) and a tote ($18): $128.00 of items; 10 % off is $12.80. */
const items = [
  { variantId: hoodie.id, quantity: 2 },
  { variantId: tote.id, quantity: 1 },
];

/** The cart as the shop itself holds it, read through the Storefront API. */
async function shopCart(cartId: string) {
  const res = await fetch(`${shopifyUrl()}/api/${STOREFRONT_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': SANDBOX_STOREFRONT_TOKEN },
    body: JSON.stringify({
      query: `query ($id: ID!) { cart(id: $id) {
        discountCodes { code applicable }
        cost { subtotalAmount { amount } totalAmount { amount } }
      } }`,
      variables: { id: cartId },
    }),
  });
  return ((await res.json()) as { data: { cart: unknown } }).data.cart;
}

/** Pays a cart on the shop, which posts its signed `orders/create` to the app; answers the order the app recorded. */
async function payAndRecord(checkoutUrl: string) {
  const token = /\/cart\/c\/(\w+)/.exec(checkoutUrl)![1];
  const res = await fetch(`${shopifyUrl()}/sandbox/carts/${token}/pay`, { method: 'POST', body: JSON.stringify({}) });
  const paid = (await res.json()) as { order: { admin_graphql_api_id: string }; status: number };
  expect(paid.status).toBe(200);
  const [placed] = await eventually(async () => {
    const events = await readStream(`merch-order#${paid.order.admin_graphql_api_id}`);
    return events.length ? events : undefined;
  });
  return placed;
}

const createCart = (caller: TestListener | null, body: unknown) =>
  caller
    ? caller.call('/api/shopify/create-cart', { method: 'POST', json: body })
    : api('/api/shopify/create-cart', { method: 'POST', json: body });

describe('the Toko+ member discount on merch', () => {
  it('tells a member their percentage off, and no one else', async () => {
    const member = await signedInListener('toko_plus');
    const listener = await signedInListener();
    expect((await member.call('/api/shopify/member-discount')).body).toEqual({ percent: brand.memberMerchDiscountPercent });
    expect((await listener.call('/api/shopify/member-discount')).body).toEqual({ percent: null });
    expect((await api('/api/shopify/member-discount')).body).toEqual({ percent: null });
  });

  it('puts the member code on a member’s cart: the shop takes 10 % off, and the order records what was charged', async () => {
    const member = await signedInListener('toko_plus');
    const cart = await createCart(member, { items });
    expect(cart.status).toBe(200);
    expect(cart.body.memberDiscount).toBe(12.8);
    expect(await shopCart(cart.body.cartId)).toEqual({
      discountCodes: [{ code: SANDBOX_MEMBER_DISCOUNT_CODE, applicable: true }],
      cost: { subtotalAmount: { amount: '128.00' }, totalAmount: { amount: '115.20' } },
    });

    const placed = await payAndRecord(cart.body.checkoutUrl);
    expect(placed).toMatchObject({
      type: 'MerchOrderPlaced',
      data: {
        lines: [
          { variantId: hoodie.id, quantity: 2, unitPriceCents: 5500, artistId: 'artist-the-low-tides' },
          { variantId: tote.id, quantity: 1, unitPriceCents: 1800, artistId: null },
        ],
        subtotalCents: 11520,
        shippingCents: 500,
        totalCents: 12020,
      },
    });
  });

  it('gives a free listener and a guest the full price, even when they name the code themselves', async () => {
    const listener = await signedInListener();
    for (const caller of [listener, null]) {
      const cart = await createCart(caller, { items, discountCodes: [SANDBOX_MEMBER_DISCOUNT_CODE] });
      expect(cart.status).toBe(200);
      expect(cart.body.memberDiscount).toBe(0);
      expect(await shopCart(cart.body.cartId)).toEqual({
        discountCodes: [],
        cost: { subtotalAmount: { amount: '128.00' }, totalAmount: { amount: '128.00' } },
      });
    }
    const cart = await createCart(listener, { items });
    const placed = await payAndRecord(cart.body.checkoutUrl);
    expect(placed.data).toMatchObject({ subtotalCents: 12800, totalCents: 13300 });
  });
});
