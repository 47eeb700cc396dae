import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sandboxProducts } from '../../infra/local/shopify-sandbox/catalogue.js';
import { albums } from '../../infra/seed/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const toast = (page: Page, title: string) => page.locator('[data-testid=toast]', { hasText: title }).first();
const cards = (page: Page) => page.locator('[data-testid=product-card]');
const cardHandles = (page: Page) => cards(page).evaluateAll((list) => list.map((card) => card.getAttribute('data-handle')));
const badge = (page: Page) => page.locator('[data-testid=header-cart]').getAttribute('data-count');
const drawer = (page: Page) => page.locator('[data-testid=merch-cart-drawer]');
const handlesOf = (collection: string) =>
  sandboxProducts.filter((p) => p.collections.some((c) => c.handle === collection)).map((p) => p.handle);

const vinyl = sandboxProducts.find((p) => p.handle === 'first-light-vinyl')!;
const orange = vinyl.variants.find((v) => v.title === 'Sunrise Orange')!;

async function openProduct(page: Page, handle: string) {
  await page.locator(`[data-testid=product-card][data-handle="${handle}"]`).click();
  const dialog = page.locator(`[data-testid=product-dialog][data-handle="${handle}"]`);
  await dialog.waitFor();
  return dialog;
}

describe('merch shop', () => {
  describe.each(Object.entries(viewports))('a listener on %s', (name, viewport) => {
    it('finds merch, chooses a variant, fills the bag, changes the quantity, checks out on the shop, and keeps the bag after a reload', async () => {
      const { page, context } = await newPage(browser, viewport);

      // The bag starts empty; Shop Now leads to the shop.
      await page.goto('/');
      await page.locator('[data-testid=header-cart]').click();
      await drawer(page).getByText('Your bag is empty').waitFor();
      await drawer(page).getByRole('link', { name: 'Shop Now' }).click();
      await page.waitForURL('**/shop');
      await drawer(page).waitFor({ state: 'detached' });

      // Every product of the shop, with the promo banner for the vinyl store.
      await poll(() => cards(page).count()).toBe(sandboxProducts.length);
      expect(await cardHandles(page)).toEqual(sandboxProducts.map((p) => p.handle));
      expect(await page.locator('[data-testid=promo-banner]').getAttribute('href')).toContain('utm_source=toko');

      // Search, then a collection, then the cheapest first.
      await page.locator('[data-testid=shop-search]').fill('hoodie');
      await poll(() => cardHandles(page)).toEqual(['low-tides-hoodie']);
      await page.locator('[data-testid=shop-search]').fill('');
      await poll(() => cards(page).count()).toBe(sandboxProducts.length);
      await page.locator('[data-testid=shop-collection]').selectOption('vinyl');
      await poll(() => cardHandles(page)).toEqual(handlesOf('vinyl'));
      await page.locator('[data-testid=shop-sort]').selectOption('price-low');
      const cheapestFirst = sandboxProducts
        .filter((p) => handlesOf('vinyl').includes(p.handle))
        .sort((a, b) => Number(a.priceRange.minVariantPrice.amount) - Number(b.priceRange.minVariantPrice.amount))
        .map((p) => p.handle);
      await poll(() => cardHandles(page)).toEqual(cheapestFirst);
      expect(new URL(page.url()).search).toBe('?collection=vinyl&sort=price-low');

      // A sold-out product says so and cannot be added.
      const tape = await openProduct(page, 'harbour-lights-cassette');
      await tape.getByText('Product Unavailable').waitFor();
      await tape.getByText('This item is currently out of stock').waitFor();
      expect(await tape.locator('[data-testid=add-to-bag]').isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await tape.waitFor({ state: 'detached' });

      // The LP comes in two colours: one must be chosen before Add to Bag.
      const lp = await openProduct(page, vinyl.handle);
      await page.getByRole('dialog').getByRole('heading', { name: vinyl.title }).waitFor();
      await lp.locator('[data-testid=product-gallery] img').first().waitFor();
      expect(await lp.locator('[data-testid=add-to-bag]').isDisabled()).toBe(true);
      const shopLink = new URL((await lp.locator('[data-testid=view-on-shop]').getAttribute('href'))!);
      expect(shopLink.pathname).toBe(`/products/${vinyl.handle}`);
      expect(shopLink.searchParams.get('utm_source')).toBe('toko');
      expect(shopLink.searchParams.get('utm_medium')).toBe('app');
      await lp.locator('[data-testid=variant-select]').selectOption(orange.id);
      await poll(() => lp.locator('[data-testid=product-price]').textContent()).toBe('$38.00');
      await lp.locator('[data-testid=add-to-bag]').click();
      await toastShown(page, 'Added to Bag');
      await lp.waitFor({ state: 'detached' });
      await poll(() => badge(page)).toBe('1');
      await expect(page.locator('[data-testid=header-cart-badge]').textContent()).resolves.toBe('1');

      // The bag: one LP, then two; the subtotal follows; a guest gets no member note.
      await page.locator('[data-testid=header-cart]').click();
      const line = drawer(page).locator(`[data-testid=merch-cart-line][data-variant-id="${orange.id}"]`);
      await line.waitFor();
      expect(await line.textContent()).toContain('Sunrise Orange');
      await expect(line.locator('[data-testid=merch-cart-qty]').textContent()).resolves.toBe('1');
      await line.getByRole('button', { name: /^One more/ }).click();
      await poll(() => line.locator('[data-testid=merch-cart-qty]').textContent()).toBe('2');
      await poll(() => drawer(page).locator('[data-testid=merch-cart-subtotal]').textContent()).toContain('$76.00');
      await drawer(page).getByText('Taxes and shipping are calculated at checkout.').waitFor();
      expect(await drawer(page).locator('[data-testid=merch-member-note]').count()).toBe(0);
      await poll(() => badge(page)).toBe('2');

      // Checkout: the server creates the shop's cart, and its checkout opens in a new tab.
      const created = page.waitForResponse(
        (response) => response.url().endsWith('/api/shopify/create-cart') && response.request().method() === 'POST',
      );
      const popup = context.waitForEvent('page');
      // The local cloud's shop is the Shopify sandbox: the new tab goes to its checkout.
      const shopOrigin = inject('cloudEnv').SHOPIFY_SANDBOX_URL;
      const tabNavigation = context.waitForEvent(
        'request',
        (request) => request.isNavigationRequest() && request.url().startsWith(`${shopOrigin}/`),
      );
      await drawer(page).locator('[data-testid=merch-checkout]').click();
      const answer = await created;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toEqual({ items: [{ variantId: orange.id, quantity: 2 }] });
      const { checkoutUrl } = (await answer.json()) as { checkoutUrl: string };
      expect(checkoutUrl.startsWith(`${shopOrigin}/cart/c/`)).toBe(true);
      const tab = await popup;
      await poll(() => tab.evaluate(() => window.opener === null)).toBe(true);
      const navigation = await tabNavigation;
      expect(navigation.url()).toBe(checkoutUrl);
      await tab.close();

      // The bag is still there after a reload (local storage).
      await page.reload();
      await poll(() => badge(page)).toBe('2');
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('toko_merch_cart') ?? '[]'));
      expect(stored).toMatchObject([
        { shopifyVariantId: orange.id, productHandle: vinyl.handle, variant: 'Sunrise Orange', price: 38, qty: 2 },
      ]);
      await page.locator('[data-testid=header-cart]').click();
      await poll(() => line.locator('[data-testid=merch-cart-qty]').textContent()).toBe('2');

      // One fewer, then remove: the bag is empty again.
      await line.getByRole('button', { name: /^One fewer/ }).click();
      await poll(() => line.locator('[data-testid=merch-cart-qty]').textContent()).toBe('1');
      await line.getByRole('button', { name: /^Remove/ }).click();
      await drawer(page).getByText('Your bag is empty').waitFor();
      await poll(() => badge(page)).toBe('0');
      await context.close();
    });
  });

  it('counts albums and merch together on the header badge (9+ above 9), shows both in one cart, and leads to the album cart', async () => {
    const album = albums.find((a) => a.isAvailableForPurchase && a.stripeProductId)!;
    const { page, context } = await newPage(browser, viewports.desktop);
    await page.goto(`/album/${album.albumId}`);
    await page.locator('[data-testid=album-actions]').getByRole('button', { name: 'Add to cart' }).click();
    await poll(() => badge(page)).toBe('1');

    await page.goto('/shop?q=tote');
    const tote = await openProduct(page, 'label-tote');
    await tote.locator('[data-testid=add-to-bag]').click();
    await poll(() => badge(page)).toBe('2');
    await page.locator('[data-testid=header-cart]').click();
    const line = drawer(page).locator('[data-testid=merch-cart-line]');
    for (let qty = 2; qty <= 9; qty++) {
      await line.getByRole('button', { name: /^One more/ }).click();
      await poll(() => line.locator('[data-testid=merch-cart-qty]').textContent()).toBe(String(qty));
    }
    await poll(() => badge(page)).toBe('10');
    await poll(() => page.locator('[data-testid=header-cart-badge]').textContent()).toBe('9+');

    // One cart: the album with its own checkout, then the merch with the shop's.
    const albumPart = drawer(page).locator('[data-testid=drawer-albums]');
    await albumPart.locator(`[data-testid=drawer-album][data-album-id="${album.albumId}"]`).waitFor();
    await expect(albumPart.textContent()).resolves.toContain('1 album');
    await albumPart.locator('[data-testid=album-checkout]').waitFor();
    await drawer(page).locator('[data-testid=merch-checkout]').waitFor();
    await albumPart.getByRole('button', { name: 'View Albums' }).click();
    await drawer(page).waitFor({ state: 'detached' });
    await page.locator(`[data-testid=cart-item][data-album-id="${album.albumId}"]`).waitFor();
    await context.close();
  });

  it('shows a Toko+ member their merch discount: the note, and the bag’s subtotal with 10 % off the items', async () => {
    const member = await signedInListener('toko_plus');
    const { page, context } = await newPage(browser, viewports.desktop);
    await signIn(context, member);
    await page.goto('/shop?q=tote');
    const tote = await openProduct(page, 'label-tote');
    await tote.locator('[data-testid=add-to-bag]').click();
    await toast(page, 'Added to Bag').getByRole('button', { name: 'View Bag' }).click();
    await drawer(page).locator('[data-testid=merch-member-note]').waitFor();
    expect(await drawer(page).locator('[data-testid=merch-member-note]').textContent()).toBe(
      'Toko+ member: 10% off your merch, in this subtotal and at checkout.',
    );
    expect(await drawer(page).locator('[data-testid=merch-cart-items]').textContent()).toBe('$18.00');
    expect(await drawer(page).locator('[data-testid=merch-cart-discount]').textContent()).toBe('−$1.80');
    expect(await drawer(page).locator('[data-testid=merch-cart-subtotal]').textContent()).toBe('$16.20 USD');
    await context.close();
  });
});
