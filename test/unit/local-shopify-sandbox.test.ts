import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchOrderFrom, orderedProductIds, shopifyOrderSchema } from '../../functions/merch/domain/order.js';
import { verifyShopifyWebhook } from '../../functions/merch/shopify-webhook.js';
import { shopifyStorefront, STOREFRONT_API_VERSION, type Storefront } from '../../functions/merch/storefront.js';
import { sandboxProducts, sandboxStock } from '../../infra/local/shopify-sandbox/catalogue.js';
import { stubAppEnv, unstubAppEnv } from '../support/unit-env.js';
import { SANDBOX_STOREFRONT_TOKEN, startShopifySandbox, type ShopifySandbox } from '../../infra/local/shopify-sandbox/index.js';

const APP = 'http://localhost:3999';
const SECRET = 'unit-webhook-secret';
let sandbox: ShopifySandbox;
let shop: Storefront;

beforeAll(async () => {
  stubAppEnv({ APP_ORIGIN: APP, SHOPIFY_WEBHOOK_SECRET: SECRET });
  // The app is not running: webhooks go nowhere, and the tests take them from the admin endpoint instead.
  sandbox = await startShopifySandbox({
    port: 0,
    appOrigin: APP,
    webhookUrl: 'http://127.0.0.1:9/none',
    webhookSecret: SECRET,
    discountCodes: { 'MEMBERS-10': 10 },
  });
  shop = shopifyStorefront(sandbox.url, SANDBOX_STOREFRONT_TOKEN);
});
afterAll(async () => {
  await sandbox?.stop();
  unstubAppEnv();
});

const graphql = async (
  query: string,
  variables: Record<string, unknown> = {},
  token = SANDBOX_STOREFRONT_TOKEN,
  version = STOREFRONT_API_VERSION,
) => {
  const res = await fetch(`${sandbox.url}/api/${version}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string }[] } };
};

const tee = sandboxProducts.find((p) => p.handle === 'first-light-tee')!;
const medium = tee.variants.find((v) => v.title === 'M')!;
const soldOut = tee.variants.find((v) => !v.available)!;
const tote = sandboxProducts.find((p) => p.handle === 'label-tote')!;
/** The store has two of this longsleeve in L. */
const scarce = sandboxProducts.find((p) => p.handle === 'after-hours-longsleeve')!.variants.find((v) => v.title === 'L')!;

describe('the storefront against the Shopify sandbox', () => {
  it('lists the label’s merch in the shop’s order, with variants, prices, collections and images on the app’s origin', async () => {
    const products = await shop.products();
    expect(products.map((p) => p.handle)).toEqual(sandboxProducts.map((p) => p.handle));
    const found = products.find((p) => p.handle === tee.handle)!;
    expect(found).toEqual({
      id: tee.id,
      handle: tee.handle,
      title: tee.title,
      description: tee.description,
      images: [{ url: `${APP}${tee.images[0].url}`, altText: tee.title }],
      variants: tee.variants,
      availableForSale: true,
      priceRange: tee.priceRange,
      collections: [{ handle: 'apparel', title: 'Apparel' }],
      createdAt: tee.createdAt,
    });
    expect((await shop.collections()).map((c) => c.handle)).toEqual(['apparel', 'vinyl', 'accessories']);
  });

  it('creates a cart whose checkout page shows the lines and a Pay button', async () => {
    const cart = await shop.createCart([{ variantId: medium.id, quantity: 2 }]);
    expect(cart.cartId).toMatch(/^gid:\/\/shopify\/Cart\/\w+\?key=\w+$/);
    expect(cart.checkoutUrl).toMatch(new RegExp(`^${sandbox.url}/cart/c/\\w+\\?key=\\w+$`));
    const page = await fetch(cart.checkoutUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('First Light Tee (M) × 2');
    expect(html).toContain('Pay $61.00');
    expect((await fetch(cart.checkoutUrl.replace(/key=\w+/, 'key=wrong'))).status).toBe(404);
  });

  it('makes the cart without what is out of stock: a short line cut to the stock, a sold-out one taken out, each reported', async () => {
    expect(sandboxStock.get(scarce.id)).toBe(2);
    const cart = await shop.createCart([
      { variantId: scarce.id, quantity: 5 },
      { variantId: soldOut.id, quantity: 1 },
      { variantId: medium.id, quantity: 1 },
    ]);
    expect(cart.lines).toEqual([
      { variantId: scarce.id, quantity: 2 },
      { variantId: medium.id, quantity: 1 },
    ]);
    expect(cart.adjustments).toEqual([
      { variantId: scarce.id, requested: 5, quantity: 2, reason: 'not_enough_stock' },
      { variantId: soldOut.id, requested: 1, quantity: 0, reason: 'out_of_stock' },
    ]);
    const html = await (await fetch(cart.checkoutUrl)).text();
    expect(html).toContain('After Hours Longsleeve (L) × 2');
    expect(html).not.toContain('(XL)');
  });

  it('makes an empty cart when nothing asked for is in stock, and refuses an unknown variant as invalid', async () => {
    const cart = await shop.createCart([{ variantId: soldOut.id, quantity: 1 }]);
    expect(cart.lines).toEqual([]);
    expect(cart.adjustments).toEqual([{ variantId: soldOut.id, requested: 1, quantity: 0, reason: 'out_of_stock' }]);
    await expect(shop.createCart([{ variantId: 'gid://shopify/ProductVariant/999999', quantity: 1 }])).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('answers stock as the version asked for: warnings on a made cart from 2024-10, user errors and no cart before', async () => {
    const create = `mutation ($lines: [CartLineInput!]) { cartCreate(input: { lines: $lines }) {
      cart { id lines(first: 5) { nodes { id quantity } } } userErrors { code } warnings { code message target } } }`;
    const lines = [
      { merchandiseId: scarce.id, quantity: 3 },
      { merchandiseId: soldOut.id, quantity: 1 },
    ];
    const current = (await graphql(create, { lines })).body.data.cartCreate;
    const [short, gone] = current.cart.lines.nodes;
    expect(short.quantity).toBe(2);
    expect(current.userErrors).toEqual([]);
    expect(current.warnings).toEqual([
      { code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: 'Only 2 items were added to your cart due to availability.', target: short.id },
      { code: 'MERCHANDISE_OUT_OF_STOCK', message: `The product '${tee.title}' is already sold out.`, target: gone.id },
    ]);
    // Left in the cart, the sold-out line keeps its checkout from being paid, as Shopify's checkout refuses it.
    const { checkoutUrl } = (
      await graphql(
        `
          query ($id: ID!) {
            cart(id: $id) {
              checkoutUrl
            }
          }
        `,
        { id: current.cart.id },
      )
    ).body.data.cart;
    expect((await fetch(checkoutUrl)).status).toBe(409);
    const before = (await graphql(create, { lines }, SANDBOX_STOREFRONT_TOKEN, '2024-07')).body.data.cartCreate;
    expect(before).toEqual({
      cart: null,
      userErrors: [{ code: 'MERCHANDISE_NOT_ENOUGH_STOCK' }, { code: 'MERCHANDISE_OUT_OF_STOCK' }],
      warnings: [],
    });
  });

  it('names the artist each product is tagged with, null for the label’s own, nothing for an unknown product', async () => {
    const artists = await shop.productArtists([tee.id, tote.id, 'gid://shopify/Product/424242']);
    expect([...artists]).toEqual([
      [tee.id, 'artist-mara-vell'],
      [tote.id, null],
    ]);
  });

  it('refuses a wrong access token, which the storefront reports as the shop failing', async () => {
    await expect(shopifyStorefront(sandbox.url, 'wrong').products()).rejects.toMatchObject({ kind: 'upstream', code: 'storefront_failed' });
  });

  it('adds lines to a cart (merging a variant already in it) and answers only the fields asked for, by alias and fragment', async () => {
    const created = await graphql(
      `mutation { cartCreate(input: { lines: [{ merchandiseId: "${medium.id}", quantity: 1 }] }) { cart { id } } }`,
    );
    const cartId: string = created.body.data.cartCreate.cart.id;
    const added = await graphql(
      `
        mutation add($cartId: ID!, $lines: [CartLineInput!]!) {
          cartLinesAdd(cartId: $cartId, lines: $lines) {
            cart {
              totalQuantity
              checkoutUrl
              lines(first: 10) {
                edges {
                  node {
                    quantity
                    merchandise {
                      ...V
                    }
                  }
                }
              }
              cost {
                subtotalAmount {
                  amount
                }
              }
            }
            userErrors {
              code
            }
          }
        }
        fragment V on ProductVariant {
          id
          product {
            handle
          }
        }
      `,
      { cartId, lines: [{ merchandiseId: medium.id, quantity: 2 }, { merchandiseId: tote.variants[0].id }] },
    );
    const { cart, userErrors } = added.body.data.cartLinesAdd;
    expect(userErrors).toEqual([]);
    expect(cart.totalQuantity).toBe(4);
    expect(cart.lines.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { quantity: 3, merchandise: { id: medium.id, product: { handle: tee.handle } } },
      { quantity: 1, merchandise: { id: tote.variants[0].id, product: { handle: tote.handle } } },
    ]);
    expect(cart.cost.subtotalAmount.amount).toBe((3 * 28 + Number(tote.variants[0].price.amount)).toFixed(2));
    const read = await graphql(
      `
        query ($id: ID!) {
          cart(id: $id) {
            first: lines(first: 1) {
              nodes {
                quantity
              }
            }
            __typename
          }
        }
      `,
      { id: cartId },
    );
    expect(read.body.data.cart).toEqual({ first: { nodes: [{ quantity: 3 }] }, __typename: 'Cart' });
    expect((await graphql('{ products(first: 1) { nodes { price } } }')).body.errors?.[0].message).toMatch(/price/);
    expect((await graphql('{ products(first: 1) { nodes { id } } }', {}, 'nope')).status).toBe(401);
  });

  it('pays a cart: an orders/create delivery signed as Shopify signs it, which the app’s check accepts and reads', async () => {
    const cart = await shop.createCart([
      { variantId: medium.id, quantity: 2 },
      { variantId: tote.variants[0].id, quantity: 1 },
    ]);
    const token = /\/cart\/c\/(\w+)/.exec(cart.checkoutUrl)![1];
    const res = await fetch(`${sandbox.url}/sandbox/carts/${token}/pay`, { method: 'POST', body: JSON.stringify({ deliver: false }) });
    const { webhook } = (await res.json()) as { webhook: { body: string; headers: Record<string, string> } };
    expect(webhook.headers).toMatchObject({
      'x-shopify-topic': 'orders/create',
      'x-shopify-webhook-id': expect.any(String),
      'x-shopify-hmac-sha256': expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
    });
    const delivery = verifyShopifyWebhook(Buffer.from(webhook.body), webhook.headers, new Date());
    expect(delivery.topic).toBe('orders/create');
    const order = shopifyOrderSchema.parse(JSON.parse(webhook.body));
    const artists = await shop.productArtists(orderedProductIds(order));
    const placed = merchOrderFrom(order, delivery.webhookId, (id) => artists.get(id) ?? null);
    expect(placed).toMatchObject({
      orderName: expect.stringMatching(/^#\d{4,}$/),
      subtotalCents: 5600 + Number(tote.variants[0].price.amount) * 100,
      shippingCents: 500,
      lines: [
        {
          title: 'First Light Tee - M',
          quantity: 2,
          unitPriceCents: 2800,
          artistId: 'artist-mara-vell',
          variantId: medium.id,
          productId: tee.id,
        },
        { title: tote.title, quantity: 1, artistId: null },
      ],
    });
    // Paid, the cart is gone from the storefront, and its checkout leads to the order.
    expect((await graphql('query($id: ID!) { cart(id: $id) { id } }', { id: cart.cartId })).body.data.cart).toBeNull();
    const again = await fetch(cart.checkoutUrl);
    expect(await again.text()).toContain(order.name);
  });

  it('takes a store discount code off the items: on the cart, on the checkout page, and in the order the webhook reports', async () => {
    // Codes are matched as Shopify matches them, whatever their case.
    const cart = await shop.createCart(
      [
        { variantId: medium.id, quantity: 2 },
        { variantId: tote.variants[0].id, quantity: 1 },
      ],
      ['members-10'],
    );
    expect(cart.discountCodes).toEqual([{ code: 'members-10', applicable: true }]);
    expect(cart.discountCents).toBe(740);
    const html = await (await fetch(cart.checkoutUrl)).text();
    expect(html).toContain('Discount (members-10)');
    expect(html).toContain('−$7.40');
    expect(html).toContain('Pay $71.60');

    const token = /\/cart\/c\/(\w+)/.exec(cart.checkoutUrl)![1];
    const res = await fetch(`${sandbox.url}/sandbox/carts/${token}/pay`, { method: 'POST', body: JSON.stringify({ deliver: false }) });
    const { webhook } = (await res.json()) as { webhook: { body: string } };
    const raw = JSON.parse(webhook.body) as Record<string, unknown> & { line_items: { discount_allocations: { amount: string }[] }[] };
    expect(raw).toMatchObject({
      total_line_items_price: '74.00',
      total_discounts: '7.40',
      subtotal_price: '66.60',
      total_price: '71.60',
      discount_codes: [{ code: 'members-10', amount: '7.40', type: 'percentage' }],
    });
    expect(raw.line_items.map((line) => line.discount_allocations.map((a) => a.amount))).toEqual([['5.60'], ['1.80']]);
    const placed = merchOrderFrom(shopifyOrderSchema.parse(raw), 'w', () => null);
    expect(placed).toMatchObject({ subtotalCents: 6660, shippingCents: 500, totalCents: 7160 });
  });

  it('keeps an unknown code on the cart as not applicable, and lets cartDiscountCodesUpdate put codes on and take them off', async () => {
    const cart = await shop.createCart([{ variantId: medium.id, quantity: 1 }], ['NOT-A-CODE']);
    expect(cart).toMatchObject({ discountCodes: [{ code: 'NOT-A-CODE', applicable: false }], discountCents: 0 });
    expect(await (await fetch(cart.checkoutUrl)).text()).toContain('Pay $33.00');

    const update = (discountCodes: string[]) =>
      graphql(
        `
          mutation ($cartId: ID!, $discountCodes: [String!]) {
            cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
              cart {
                discountCodes {
                  code
                  applicable
                }
                cost {
                  subtotalAmount {
                    amount
                  }
                  totalAmount {
                    amount
                  }
                }
              }
              userErrors {
                code
              }
            }
          }
        `,
        { cartId: cart.cartId, discountCodes },
      );
    const on = (await update(['MEMBERS-10'])).body.data.cartDiscountCodesUpdate;
    expect(on).toEqual({
      cart: {
        discountCodes: [{ code: 'MEMBERS-10', applicable: true }],
        cost: { subtotalAmount: { amount: '28.00' }, totalAmount: { amount: '25.20' } },
      },
      userErrors: [],
    });
    const off = (await update([])).body.data.cartDiscountCodesUpdate;
    expect(off.cart).toEqual({ discountCodes: [], cost: { subtotalAmount: { amount: '28.00' }, totalAmount: { amount: '28.00' } } });
  });

  it('refuses a forged or an unsigned delivery', () => {
    const body = Buffer.from('{"id":1}');
    const now = new Date();
    const headers = (over: Record<string, string | undefined>) => ({
      'x-shopify-topic': 'orders/create',
      'x-shopify-webhook-id': 'w',
      'x-shopify-triggered-at': now.toISOString(),
      'x-shopify-hmac-sha256': 'AAAA',
      ...over,
    });
    expect(() => verifyShopifyWebhook(body, headers({}), now)).toThrow(/signature/);
    expect(() => verifyShopifyWebhook(body, headers({ 'x-shopify-hmac-sha256': undefined }), now)).toThrow(/Missing/);
  });
});
