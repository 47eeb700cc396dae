/** GET /api/shopify/cart-status over HTTP against the Shopify sandbox: a cart is spent once its checkout became an order. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sandboxProducts } from '../../infra/local/shopify-sandbox/catalogue.js';
import { api, useCloudEnv } from '../support/cloud.js';

beforeAll(() => useCloudEnv());

const tote = sandboxProducts.find((p) => p.handle === 'label-tote')!.variants[0];
const status = (cartId: string) => api(`/api/shopify/cart-status?cartId=${encodeURIComponent(cartId)}`);

describe('GET /api/shopify/cart-status', () => {
  it('answers a cart unpaid until the shop turns its checkout into an order, and spent after', async () => {
    const created = await api('/api/shopify/create-cart', { method: 'POST', json: { items: [{ variantId: tote.id, quantity: 1 }] } });
    expect(created.status).toBe(200);
    const { cartId, checkoutUrl } = created.body as { cartId: string; checkoutUrl: string };
    expect(await status(cartId)).toMatchObject({ status: 200, body: { spent: false } });

    const token = /\/cart\/c\/(\w+)/.exec(checkoutUrl)![1];
    const paid = await fetch(`${inject('cloudEnv').SHOPIFY_SANDBOX_URL}/sandbox/carts/${token}/pay`, {
      method: 'POST',
      body: JSON.stringify({ deliver: false }),
    });
    expect(paid.status).toBe(200);
    expect(await status(cartId)).toMatchObject({ status: 200, body: { spent: true } });
  });

  it('refuses an id that is not a cart of the shop, or none, with 400', async () => {
    for (const path of ['/api/shopify/cart-status?cartId=order-1', '/api/shopify/cart-status']) {
      const answer = await api(path);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });
});
