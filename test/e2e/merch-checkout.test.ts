import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readStream } from '../../functions/platform/event-store.js';
import { sandboxProducts } from '../../infra/local/shopify-sandbox/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, viewports } from './browser.js';
import { bagMerch, openShopCheckout, payShopCheckout } from './steps.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const hoodie = sandboxProducts.find((p) => p.handle === 'low-tides-hoodie')!;
const large = hoodie.variants.find((v) => v.title === 'L')!;

describe('merch checkout through the Shopify sandbox', () => {
  it('a fan bags a hoodie, checks out, pays on the shop’s checkout page, and the order is recorded once, credited to the artist', async () => {
    const fan = await signedInListener();
    const { page, context } = await newPage(browser, viewports.desktop);
    await signIn(context, fan);

    // The bag: two hoodies in L.
    const drawer = await bagMerch(page, { handle: hoodie.handle, variantId: large.id, search: 'hoodie' });
    const line = drawer.locator(`[data-testid=merch-cart-line][data-variant-id="${large.id}"]`);
    await line.getByRole('button', { name: /^One more/ }).click();
    await poll(() => line.locator('[data-testid=merch-cart-qty]').textContent()).toBe('2');

    // Checkout opens the shop's checkout page in a new tab.
    const tab = await openShopCheckout(context, page);
    await tab.getByRole('list', { name: 'Items' }).getByText('Low Tides Hoodie (L) × 2').waitFor();
    expect(await tab.locator('[data-testid=total]').textContent()).toBe('$115.00');

    // Pay: the shop confirms the order and tells the app.
    const { orderName, orderId } = await payShopCheckout(tab, '$115.00');

    await poll(async () => (await readStream(`merch-order#${orderId}`)).length).toBe(1);
    const [placed] = await readStream(`merch-order#${orderId}`);
    expect(placed).toMatchObject({
      type: 'MerchOrderPlaced',
      data: {
        orderName,
        lines: [
          { variantId: large.id, title: 'Low Tides Hoodie - L', quantity: 2, unitPriceCents: 5500, artistId: 'artist-the-low-tides' },
        ],
        subtotalCents: 11000,
        shippingCents: 500,
        totalCents: 11500,
      },
    });

    // The thank-you page leads back to the app's shop.
    await tab.getByRole('link', { name: 'Back to the shop' }).click();
    await tab.waitForURL('**/shop');
    await context.close();
  });

  it('a Toko+ member’s bag shows 10 % off, and the shop’s checkout charges exactly that, as the recorded order says', async () => {
    const member = await signedInListener('toko_plus');
    const { page, context } = await newPage(browser, viewports.phone);
    await signIn(context, member);

    // The bag: two hoodies, $110.00 of items, $11.00 off for the member.
    const drawer = await bagMerch(page, { handle: hoodie.handle, variantId: large.id, search: 'hoodie' });
    const line = drawer.locator(`[data-testid=merch-cart-line][data-variant-id="${large.id}"]`);
    await line.getByRole('button', { name: /^One more/ }).click();
    await poll(() => line.locator('[data-testid=merch-cart-qty]').textContent()).toBe('2');
    await poll(() => drawer.locator('[data-testid=merch-cart-discount]').textContent()).toBe('−$11.00');
    expect(await drawer.locator('[data-testid=merch-cart-items]').textContent()).toBe('$110.00');
    expect(await drawer.locator('[data-testid=merch-cart-subtotal]').textContent()).toBe('$99.00 USD');

    // The shop's checkout takes the same $11.00 off: $99.00 of items and $5.00 shipping.
    const tab = await openShopCheckout(context, page);
    await tab.getByRole('list', { name: 'Items' }).getByText('Low Tides Hoodie (L) × 2').waitFor();
    expect(await tab.locator('[data-testid=discount]').textContent()).toBe('−$11.00');
    expect(await tab.locator('[data-testid=total]').textContent()).toBe('$104.00');
    const { orderId } = await payShopCheckout(tab, '$104.00');

    await poll(async () => (await readStream(`merch-order#${orderId}`)).length).toBe(1);
    const [placed] = await readStream(`merch-order#${orderId}`);
    expect(placed.data).toMatchObject({ subtotalCents: 9900, shippingCents: 500, totalCents: 10400 });
    // The bag told no one of a difference.
    expect(await page.locator('[data-testid=toast]', { hasText: 'member discount differs' }).count()).toBe(0);
    await context.close();
  });
});
