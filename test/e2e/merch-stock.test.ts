import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sandboxProducts, sandboxStock } from '../../infra/local/shopify-sandbox/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, viewports } from './browser.js';
import { bagMerch, openShopCheckout } from './steps.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const longsleeve = sandboxProducts.find((p) => p.handle === 'after-hours-longsleeve')!;
/** The shop has two of these. */
const scarce = longsleeve.variants.find((v) => v.title === 'L')!;
const tee = sandboxProducts.find((p) => p.handle === 'first-light-tee')!;
const soldOut = tee.variants.find((v) => v.title === 'XL')!;

describe('a bag holding more than the shop has in stock', () => {
  it('a fan bags three longsleeves of which the shop has two: the bag is cut to two and says so, and checkout opens for two', async () => {
    expect(sandboxStock.get(scarce.id)).toBe(2);
    const fan = await signedInListener();
    const { page, context } = await newPage(browser, viewports.phone);
    await signIn(context, fan);

    const drawer = await bagMerch(page, { handle: longsleeve.handle, variantId: scarce.id, search: 'longsleeve' });
    const line = drawer.locator(`[data-testid=merch-cart-line][data-variant-id="${scarce.id}"]`);
    const quantity = line.locator('[data-testid=merch-cart-qty]');
    await line.getByRole('button', { name: /^One more/ }).click();
    await poll(() => quantity.textContent()).toBe('2');
    await line.getByRole('button', { name: /^One more/ }).click();
    await poll(() => quantity.textContent()).toBe('3');

    const tab = await openShopCheckout(context, page);
    await tab.getByRole('list', { name: 'Items' }).getByText('After Hours Longsleeve (L) × 2').waitFor();
    await poll(() => drawer.locator('[data-testid=merch-stock-notice]').textContent()).toContain(
      'Only 2 left of After Hours Longsleeve (L): your bag now holds 2.',
    );
    expect(await quantity.textContent()).toBe('2');
    await context.close();
  });

  it('a bag kept from before an item sold out: checkout takes it out, says so, and opens nothing', async () => {
    const fan = await signedInListener();
    const { page, context } = await newPage(browser, viewports.desktop);
    await signIn(context, fan);
    await page.goto('/shop');
    await page.evaluate((item) => localStorage.setItem('toko_merch_cart', JSON.stringify([item])), {
      shopifyVariantId: soldOut.id,
      productHandle: tee.handle,
      title: tee.title,
      variant: soldOut.title,
      price: Number(soldOut.price.amount),
      currencyCode: 'USD',
      qty: 1,
    });
    await page.reload();
    await page.locator('[data-testid=header-cart]').click();
    const drawer = page.locator('[data-testid=merch-cart-drawer]');
    await drawer.locator('[data-testid=merch-checkout]').click();

    await poll(() => drawer.locator('[data-testid=merch-stock-notice]').textContent()).toContain(
      'First Light Tee (XL) is sold out: it was taken out of your bag.',
    );
    await drawer.locator('[data-testid=merch-cart-empty]').waitFor();
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });
});
