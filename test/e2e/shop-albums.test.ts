/**
 * The listener's buying journeys in Chromium, on desktop and phone sizes: an album found in the shop by its anchor
 * with its options, one cart in the header for albums and merch, an owned album that offers its download, a
 * member's album pages, a merch bag emptied once the shop's checkout is paid, and the cart's sign-in that carries
 * the checkout on.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { albumData, artistData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { sandboxProducts } from '../../infra/local/shopify-sandbox/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { paidBuyer } from '../support/commerce.js';
import { signInCode } from '../support/inbox.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, pastRightEdge, poll, signIn, toastShown, viewports } from './browser.js';
import { bagMerch, headerState, openShopCheckout, payOnSandbox, payShopCheckout } from './steps.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

const PAPER_SATELLITES = 'album-paper-satellites';
const COPPER_AND_SALT = 'album-copper-and-salt';
const AFTER_HOURS = 'album-after-hours';
const NIGHT_GARDEN = 'album-night-garden';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const badge = (page: Page) => page.locator('[data-testid=header-cart]').getAttribute('data-count');
const drawer = (page: Page) => page.locator('[data-testid=merch-cart-drawer]');
const shopAlbum = (page: Page, albumId: string) => page.locator(`[data-testid=shop-album][data-album-id="${albumId}"]`);
const freshEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Whether the element is inside the window as the person sees it. */
const inView = (page: Page, albumId: string) =>
  shopAlbum(page, albumId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe.each(Object.entries(viewports))('buying albums on %s', (_name, viewport) => {
  it('the shop’s anchor leads to the album, highlighted with its options, and the header’s cart holds it with its own checkout', async () => {
    const { page, context } = await newPage(browser, viewport);
    await page.goto(`/shop#album-${PAPER_SATELLITES}`);

    // The shop scrolls to the album, highlights it and puts the keyboard on it.
    const card = shopAlbum(page, PAPER_SATELLITES);
    await poll(() => card.getAttribute('data-highlighted')).toBe('true');
    await poll(() => inView(page, PAPER_SATELLITES)).toBe(true);
    await poll(() => card.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await shopAlbum(page, COPPER_AND_SALT).getAttribute('data-highlighted')).toBe('false');

    // Its options: the download at its price, the member price with Subscribe, Add to cart, and the LP of the storefront.
    await card.getByRole('button', { name: 'Buy Download $9.99' }).waitFor();
    expect(await card.locator('[data-testid=shop-album-member-price]').textContent()).toBe('Toko+ members pay $6.99.Subscribe');
    expect(await card.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/subscribe');
    const lp = sandboxProducts.find((p) => p.handle === 'paper-satellites-vinyl')!;
    await card.locator(`[data-testid=shop-album-edition][data-handle="${lp.handle}"]`).click();
    await page.locator(`[data-testid=product-dialog][data-handle="${lp.handle}"]`).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=product-dialog]').waitFor({ state: 'detached' });

    // In the cart: the header's cart shows the album with its own checkout, not an empty bag.
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await toastShown(page, 'Added to Cart');
    await poll(() => badge(page)).toBe('1');
    await page.locator('[data-testid=header-cart]').click();
    await drawer(page).locator(`[data-testid=drawer-album][data-album-id="${PAPER_SATELLITES}"]`).waitFor();
    expect(await drawer(page).getByRole('heading', { name: 'Your Cart' }).count()).toBe(1);
    expect(await drawer(page).locator('[data-testid=drawer-albums-total]').textContent()).toBe('$9.99');
    expect(await drawer(page).getByText('Your bag is empty').count()).toBe(0);
    await drawer(page).locator('[data-testid=merch-none]').waitFor();

    // The albums' checkout is the album cart's: a guest is asked for an e-mail first.
    await drawer(page).locator('[data-testid=album-checkout]').click();
    await drawer(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Enter email for secure checkout' }).waitFor();
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await context.close();
  });

  it('an owned album shows that it is owned, with its download, on its page and in the shop', async () => {
    const { buyer } = await paidBuyer(AFTER_HOURS);
    const { page, context } = await newPage(browser, viewport);
    await signIn(context, buyer);
    await page.goto(`/album/${AFTER_HOURS}`);

    const badges = page.locator('[data-testid=album-badges]');
    await poll(() => badges.textContent()).toContain('Owned');
    expect(await badges.textContent()).not.toContain('Purchase');
    await page.locator(`[data-testid=download-album-button][data-album-id="${AFTER_HOURS}"]`).waitFor();
    expect(await page.getByRole('button', { name: /^Buy \$/ }).count()).toBe(0);
    expect(await page.locator('[data-testid=price-hint]').count()).toBe(0);
    expect(await page.locator('[data-testid=album-actions]').getByRole('button', { name: 'Add to cart' }).count()).toBe(0);

    await page.goto(`/shop#album-${AFTER_HOURS}`);
    const card = shopAlbum(page, AFTER_HOURS);
    await card.locator('[data-testid=shop-album-owned]').waitFor();
    expect(await card.getByRole('button', { name: /^Buy Download/ }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('a Toko+ member is not asked to subscribe: exclusive albums are included, and the shop names the member price', async () => {
    const member = await signedInListener('toko_plus');
    const { page, context } = await newPage(browser, viewport);
    await signIn(context, member);
    await page.goto(`/album/${NIGHT_GARDEN}`);
    const tierIcon = page.locator('[data-testid=album-actions] [data-testid=tier-icon]');
    await poll(() => tierIcon.textContent()).toBe('Included with your Toko+');
    expect(await page.getByText('Subscribe to Toko+').count()).toBe(0);
    expect(await page.locator('[data-testid=album-actions] a[href="/subscribe"]').count()).toBe(0);

    await page.goto(`/shop#album-${PAPER_SATELLITES}`);
    const card = shopAlbum(page, PAPER_SATELLITES);
    await card.getByRole('button', { name: 'Buy Download $6.99' }).waitFor();
    expect(await card.locator('[data-testid=shop-album-member-price]').textContent()).toBe('Your Price: $6.99');
    expect(await card.getByRole('link', { name: 'Subscribe' }).count()).toBe(0);
    await context.close();
  });
});

describe('a long album title on a phone', () => {
  it('truncates in its shop card, and the shop still fits the screen', async () => {
    const tag = randomUUID().slice(0, 8);
    const [artistId, albumId] = [`artist-long-${tag}`, `album-long-${tag}`];
    // One word longer than a phone is wide: it cannot wrap, so only truncating keeps it in its card.
    const title = `Unbrokenwordthatgoesonandonwithoutaspace${tag}`;
    const context = { actor: 'test', correlationId: `long-title-${tag}`, eventStore: dynamoEventStore };
    await createArtist(artistData({ artistId, name: `Longtitle ${tag}`, isMain: false }), context);
    await publishAlbum(
      albumData({
        albumId,
        artistId,
        title,
        requiredTier: 'free',
        isAvailableForPurchase: true,
        stripePriceDefault: 999,
        tracks: [trackData({ trackId: `track-long-${tag}` })],
      }),
      context,
    );
    const { page, context: browserContext } = await newPage(browser, viewports.phone);
    await poll(async () => {
      await page.goto(`/shop#album-${albumId}`);
      return shopAlbum(page, albumId).count();
    }, 30_000).toBe(1);
    const heading = shopAlbum(page, albumId).getByRole('heading', { name: title });
    expect(await heading.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await browserContext.close();
  });
});

describe('the merch bag after paying', () => {
  it.each(Object.entries(viewports))('on %s, empties once the shop’s checkout is paid, and says so', async (_name, viewport) => {
    const fan = await signedInListener();
    const { page, context } = await newPage(browser, viewport);
    await signIn(context, fan);
    await bagMerch(page, { handle: 'label-tote', search: 'tote' });
    await poll(() => badge(page)).toBe('1');

    const tab = await openShopCheckout(context, page);
    await payShopCheckout(tab, '$23.00');
    await tab.close();

    // Back in the app: the order was placed, so the bag no longer holds it.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await toastShown(page, 'Order placed');
    await poll(() => badge(page)).toBe('0');
    // The bag the checkout was started from is still open: it shows nothing left to pay.
    await drawer(page).getByText('Your bag is empty').waitFor();
    expect(await drawer(page).locator('[data-testid=merch-checkout]').count()).toBe(0);
    await context.close();
  });
});

describe('signing in from the cart', () => {
  it('carries intent cart_checkout, welcomes the listener back and goes on to the secure checkout', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    const email = freshEmail('intent');
    await page.goto(`/album/${COPPER_AND_SALT}`);
    await poll(() => headerState(page)).toBe('guest');
    await page.locator('[data-testid=album-actions]').getByRole('button', { name: 'Add to cart' }).click();
    await toastShown(page, 'Added to Cart');
    await page.locator('[data-testid=header-cart]').click();
    await drawer(page).locator('[data-testid=album-checkout]').click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/auth/smart-signin'));
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    expect((await asked).postDataJSON()).toMatchObject({
      email,
      intent: 'cart_checkout',
      cartItems: [expect.objectContaining({ albumId: COPPER_AND_SALT })],
    });

    const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/verify-code'));
    await dialog.getByLabel('6-digit code').fill(await signInCode(email));
    await dialog.getByRole('button', { name: 'Verify & Continue to Checkout' }).click();
    expect(await (await answered).json()).toMatchObject({ cartCheckoutIntent: true, redirectUrl: '/cart?from=login' });
    await toastShown(page, 'Redirecting to secure checkout...');
    const { pay } = await payOnSandbox(page);
    expect(await pay.textContent()).toContain('$9.99');
    await context.close();
  }, 120_000);
});
