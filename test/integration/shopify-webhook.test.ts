import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readStream } from '../../functions/platform/event-store.js';
import { sandboxProducts } from '../../infra/local/shopify-sandbox/catalogue.js';
import { api, useCloudEnv } from '../support/cloud.js';

beforeAll(() => useCloudEnv());

interface Delivery {
  body: string;
  headers: Record<string, string>;
}

const shopifyUrl = () => inject('cloudEnv').SHOPIFY_SANDBOX_URL;
const sign = (body: string, secret = inject('cloudEnv').SHOPIFY_WEBHOOK_SECRET) =>
  createHmac('sha256', secret).update(body).digest('base64');

const shuffle = <T>(items: T[]) =>
  items
    .map((v) => [Math.random(), v] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);

const variant = (handle: string, title = 'Default Title') =>
  sandboxProducts.find((p) => p.handle === handle)!.variants.find((v) => v.title === title)!;

/** A cart made through the app, paid in the sandbox without delivery: the order and its signed delivery, for the test to send. */
async function paidOrder(items: { variantId: string; quantity: number }[]) {
  const cart = await api('/api/shopify/create-cart', { method: 'POST', json: { items } });
  expect(cart.status).toBe(200);
  const token = /\/cart\/c\/(\w+)/.exec(cart.body.checkoutUrl as string)![1];
  const res = await fetch(`${shopifyUrl()}/sandbox/carts/${token}/pay`, { method: 'POST', body: JSON.stringify({ deliver: false }) });
  const paid = (await res.json()) as { order: { admin_graphql_api_id: string; name: string }; webhook: Delivery };
  return { orderId: paid.order.admin_graphql_api_id, orderName: paid.order.name, webhook: paid.webhook };
}

const deliver = ({ body, headers }: Delivery, override: Record<string, string | undefined> = {}) =>
  api('/api/shopify/webhook', {
    method: 'POST',
    body,
    headers: Object.fromEntries(
      Object.entries({ ...headers, ...override }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  });

const merchOrder = (orderId: string) => readStream(`merch-order#${orderId}`);

describe('Shopify webhooks', () => {
  it('records each order exactly once, whatever the number and order of its deliveries', async () => {
    const tee = variant('first-light-tee', 'M');
    const tote = variant('label-tote');
    const first = await paidOrder([
      { variantId: tee.id, quantity: 2 },
      { variantId: tote.id, quantity: 1 },
    ]);
    const second = await paidOrder([{ variantId: variant('low-tides-hoodie', 'L').id, quantity: 1 }]);
    // Shopify retries a delivery under its webhook id; a duplicate may also come under a new one.
    const copies = (webhook: Delivery) => [
      ...Array.from({ length: 5 }, () => webhook),
      { ...webhook, headers: { ...webhook.headers, 'x-shopify-webhook-id': randomUUID() } },
    ];
    const deliveries = shuffle([...copies(first.webhook), ...copies(second.webhook)]);
    const answers = await Promise.all(deliveries.map((d) => deliver(d)));
    expect(answers.map((a) => a.status)).toEqual(deliveries.map(() => 200));
    const outcomes = answers.map((a) => a.body.outcome as string);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(10);

    // Later, once more, one after the other: still nothing new.
    expect((await deliver(first.webhook)).body).toEqual({ received: true, outcome: 'duplicate' });

    const [placed, ...more] = await merchOrder(first.orderId);
    expect(more).toEqual([]);
    expect(placed).toMatchObject({
      version: 1,
      type: 'MerchOrderPlaced',
      meta: { actor: 'shopify' },
      data: {
        orderId: first.orderId,
        orderName: first.orderName,
        currency: 'USD',
        lines: [
          {
            productId: expect.stringMatching(/^gid:\/\/shopify\/Product\//),
            variantId: tee.id,
            quantity: 2,
            unitPriceCents: 2800,
            artistId: 'artist-mara-vell',
          },
          { variantId: tote.id, quantity: 1, unitPriceCents: Number(tote.price.amount) * 100, artistId: null },
        ],
        subtotalCents: 5600 + Number(tote.price.amount) * 100,
        shippingCents: 500,
        taxCents: 0,
        totalCents: 6100 + Number(tote.price.amount) * 100,
      },
    });
    expect(deliveries.map((d) => d.headers['x-shopify-webhook-id'])).toContain((placed.data as { webhookId: string }).webhookId);
    const second_ = await merchOrder(second.orderId);
    expect(second_.map((e) => e.type)).toEqual(['MerchOrderPlaced']);
    expect(second_[0].data).toMatchObject({ lines: [{ artistId: 'artist-the-low-tides', quantity: 1 }] });
  });

  it('refuses a forged, a foreign-signed, a stale, an undated or an unsigned delivery with 400, and records nothing', async () => {
    const { orderId, webhook } = await paidOrder([{ variantId: variant('label-tote').id, quantity: 1 }]);
    const tampered = webhook.body.replace(/"total_price":"[\d.]+"/, '"total_price":"0.01"');
    expect(tampered).not.toBe(webhook.body);
    const refusals = [
      await deliver({ ...webhook, body: tampered }),
      await deliver(webhook, { 'x-shopify-hmac-sha256': sign(webhook.body, 'not-the-shop-secret') }),
      await deliver(webhook, { 'x-shopify-triggered-at': new Date(Date.now() - 6 * 60_000).toISOString() }),
      await deliver(webhook, { 'x-shopify-triggered-at': new Date(Date.now() + 6 * 60_000).toISOString() }),
      await deliver(webhook, { 'x-shopify-triggered-at': undefined }),
      await deliver(webhook, { 'x-shopify-hmac-sha256': undefined }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(refusals.map((r) => r.body.error)).toEqual([
      'invalid_signature',
      'invalid_signature',
      'stale_webhook',
      'stale_webhook',
      'stale_webhook',
      'invalid_signature',
    ]);
    for (const refusal of refusals) expect(refusal.body.message).toEqual(expect.any(String));
    expect(await merchOrder(orderId)).toEqual([]);
    // The genuine delivery still counts.
    expect((await deliver(webhook)).body).toEqual({ received: true, outcome: 'applied' });
  });

  it('answers 400 to a signed body that is not an order, and 200 to other topics, which it ignores', async () => {
    const notAnOrder = JSON.stringify({ id: 'x', line_items: [] });
    const headers = {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
      'x-shopify-hmac-sha256': sign(notAnOrder),
    };
    expect(await deliver({ body: notAnOrder, headers })).toMatchObject({ status: 400, body: { error: 'invalid_order' } });
    const product = JSON.stringify({ id: 1, title: 'First Light Tee' });
    const update = { ...headers, 'x-shopify-topic': 'products/update', 'x-shopify-hmac-sha256': sign(product) };
    expect(await deliver({ body: product, headers: update })).toMatchObject({ status: 200, body: { received: true, outcome: 'ignored' } });
  });

  it('records the order the checkout page’s Pay button sends', async () => {
    const cart = await api('/api/shopify/create-cart', {
      method: 'POST',
      json: { items: [{ variantId: variant('enamel-pin-set').id, quantity: 3 }] },
    });
    const checkoutUrl = new URL(cart.body.checkoutUrl as string);
    const page = await fetch(checkoutUrl);
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1].replaceAll('&amp;', '&');
    const paid = await fetch(new URL(action, checkoutUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=fan%40example.com',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // The order's page is /checkouts/thank-you/<the order's number id>, as the Admin API numbers it.
    const thanksUrl = new URL(paid.headers.get('location')!, checkoutUrl);
    const orderName = />(#\d+)</.exec(await (await fetch(thanksUrl)).text())![1];
    const orderId = `gid://shopify/Order/${thanksUrl.pathname.split('/').pop()}`;
    const [placed] = await merchOrder(orderId);
    expect(placed.data).toMatchObject({ orderName, lines: [{ quantity: 3, artistId: null }] });
  });
});
