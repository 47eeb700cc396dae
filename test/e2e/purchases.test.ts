import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { albums } from '../../infra/seed/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener, type TestListener } from '../support/signed-in.js';
import { launch, newPage, pastRightEdge, poll, scratchDir, signIn, toastShown, viewports } from './browser.js';
import { payOnSandbox } from './steps.js';

const paperSatellites = albums.find((a) => a.albumId === 'album-paper-satellites')!;
const copperAndSalt = albums.find((a) => a.albumId === 'album-copper-and-salt')!;
const dir = scratchDir('toko-e2e-downloads-');

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

/** Starts a hosted checkout of one album as `listener`, through the API; the answer names the sandbox's pay page. */
async function startCheckout(listener: TestListener, albumId: string): Promise<{ sessionId: string; checkoutUrl: string }> {
  const started = await listener.call('/api/simple-checkout', { method: 'POST', json: { cartItems: [{ albumId }] } });
  expect(started.status).toBe(200);
  return started.body;
}

/** Pays a checkout on the sandbox's page without a browser, as the integration tests do. */
async function payInSandbox(listener: TestListener, sessionId: string) {
  const paid = await fetch(`${inject('stripeSandboxUrl')}/pay/${sessionId}`, {
    method: 'POST',
    body: new URLSearchParams({ email: listener.email, action: 'pay' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

/** The seeded albums' ZIPs are built by a consumer after the seed: a fresh cloud may still be at it. */
const ZIP_BUILD_MS = 120_000;

describe('purchases and downloads', () => {
  it('a buyer pays on the checkout page, sees the purchase complete, downloads the ZIP from the library and finds it in the purchase history', async () => {
    const buyer = await signedInListener();
    const { page, context } = await newPage(browser, viewports.desktop);
    await signIn(context, buyer);

    // Stripe's hosted page returns the buyer to /checkout/success: processing, then the album with its download.
    const { sessionId, checkoutUrl } = await startCheckout(buyer, paperSatellites.albumId);
    await page.goto(checkoutUrl);
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/success' && url.searchParams.get('session_id') === sessionId);
    const success = page.locator('[data-testid=checkout-success-page]');
    await success.getByRole('heading', { name: 'Purchase Complete!' }).waitFor({ timeout: 20_000 });
    await success.getByText('1 album ready for download').waitFor();
    await success.getByText('Confirmation email sent').waitFor();
    const bought = success.locator('[data-testid=checkout-album]');
    await poll(() => bought.allTextContents()).toEqual([expect.stringContaining(paperSatellites.title)]);
    expect(await bought.textContent()).toContain('$9.99');
    await success.getByRole('link', { name: 'View Purchases' }).waitFor();
    await success.getByRole('link', { name: 'Back to Home' }).waitFor();

    // Library → Downloads: the album with its date; its ZIP arrives through a fresh signed link.
    await success.getByRole('link', { name: 'Go to Library' }).click();
    await page.waitForURL((url) => url.pathname === '/library' && url.searchParams.get('tab') === 'downloads');
    const row = page.locator(`[data-testid=library-download][data-album-id="${paperSatellites.albumId}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('Purchased');
    await page.getByText('Each download contains all formats (MP3, WAV, instrumentals) in one ZIP.').waitFor();
    const button = row.locator('[data-testid=download-album-button]');
    await poll(() => button.getAttribute('data-state'), ZIP_BUILD_MS).toBe('idle');
    expect(await button.textContent()).toBe('Download ZIP');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
    expect(download.suggestedFilename()).toBe(`${paperSatellites.title}.zip`);
    const file = join(dir, 'paper-satellites.zip');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(entries.filter((name) => /^MP3\/.+\.mp3$/.test(name))).toHaveLength(paperSatellites.tracks.length);
    expect(entries).toContain('cover.jpg');
    await poll(() => button.getAttribute('data-state')).toBe('idle');

    // /purchases lists it, with its price and a link to the album.
    await page.getByRole('link', { name: 'Purchase History' }).click();
    await page.waitForURL('**/purchases');
    const purchase = page.locator(`[data-testid=purchase][data-album-id="${paperSatellites.albumId}"]`);
    await purchase.waitFor();
    expect(await purchase.locator('[data-testid=purchase-price]').textContent()).toBe('$9.99');
    expect(await page.locator('[data-testid=purchases-summary]').textContent()).toBe('1 album · $9.99 in total');
    expect(await page.locator('[data-testid=purchases-shop-link]').getAttribute('href')).toBe('/shop');
    await purchase.getByRole('link', { name: paperSatellites.title }).click();
    await page.waitForURL(`**/album/${paperSatellites.albumId}`);
    await context.close();
  });

  it('on a phone: /post-checkout forwards a return to /checkout-success, and without a session shows the error state', async () => {
    const buyer = await signedInListener();
    const { page, context } = await newPage(browser, viewports.phone);
    await signIn(context, buyer);

    await page.goto('/post-checkout');
    const missing = page.locator('[data-testid=post-checkout-page]');
    await missing.getByRole('alert').getByText('Checkout Not Found').waitFor();
    await missing.getByRole('link', { name: 'View Purchases' }).waitFor();

    const { sessionId } = await startCheckout(buyer, copperAndSalt.albumId);
    await payInSandbox(buyer, sessionId);
    await page.goto(`/post-checkout?session_id=${sessionId}`);
    await page.waitForURL((url) => url.pathname === '/checkout-success' && url.searchParams.get('session_id') === sessionId);
    const success = page.locator('[data-testid=checkout-success-page]');
    await success.getByRole('heading', { name: 'Purchase Complete!' }).waitFor({ timeout: 20_000 });
    await success.locator(`[data-testid=checkout-album][data-album-id="${copperAndSalt.albumId}"]`).waitFor();
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });

    await page.goto('/purchases');
    const purchase = page.locator(`[data-testid=purchase][data-album-id="${copperAndSalt.albumId}"]`);
    await purchase.waitFor();
    expect(await purchase.locator('[data-testid=download-album-button]').isVisible()).toBe(true);
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });

    // /after-purchase with no session goes to the purchase history.
    await page.goto('/after-purchase');
    await page.waitForURL('**/purchases');
    await purchase.waitFor();
    await context.close();
  });

  it('a free listener sees Buy at the regular price and how else to have the album; a Toko+ member sees Buy at the member price, which the checkout charges', async () => {
    const listener = await signedInListener();
    const member = await signedInListener('toko_plus');
    const { page, context } = await newPage(browser, viewports.desktop);
    await signIn(context, listener);
    // An artist's latest release for sale leads to the album in the shop, with its ways to buy it.
    await page.goto(`/artist/${paperSatellites.artistId}`);
    await page.getByRole('link', { name: `Buy ${paperSatellites.title}` }).click();
    await page.waitForURL(`**/shop#album-${paperSatellites.albumId}`);
    await page
      .locator(`[data-testid=shop-album][data-album-id="${paperSatellites.albumId}"]`)
      .getByRole('button', { name: 'Buy Download $9.99' })
      .waitFor();

    // A free listener pays the regular price; the album's other way in is Toko+, and the notice says so.
    await page.goto(`/album/${copperAndSalt.albumId}`);
    await page.getByRole('button', { name: 'Buy $9.99' }).waitFor();
    expect(await page.locator('[data-testid=price-hint]').textContent()).toBe('Toko+ members pay $6.99 for this album.');
    const notice = page.locator('[data-testid=access-notice]');
    await notice.getByText('Purchase Required').waitFor();
    expect(await notice.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/exclusive');

    await signIn(context, member);
    await page.goto(`/album/${copperAndSalt.albumId}`);
    await poll(() => page.locator('[data-testid=price-hint]').textContent()).toBe('Your Price: $6.99');
    const buy = page.getByRole('button', { name: 'Buy $6.99' });
    await buy.click();

    // Buy opens the cart checking out: the sandbox's form asks for $6.99, and the purchase is recorded at $6.99.
    const { pay } = await payOnSandbox(page);
    expect(await pay.textContent()).toBe('Pay $6.99');
    await pay.click();
    await page.waitForURL(/\/checkout\/success\?session_id=cs_test_\w+/, { timeout: 30_000 });
    const success = page.locator('[data-testid=checkout-success-page]');
    await success.getByRole('heading', { name: 'Purchase Complete!' }).waitFor({ timeout: 20_000 });
    await page.goto('/purchases');
    const purchase = page.locator(`[data-testid=purchase][data-album-id="${copperAndSalt.albumId}"]`);
    await purchase.waitFor({ timeout: 20_000 });
    expect(await purchase.locator('[data-testid=purchase-price]').textContent()).toBe('$6.99');
    await context.close();
  });

  it('a listener with no purchases sees the empty states; a guest is asked to sign in', async () => {
    const listener = await signedInListener();
    const { page, context } = await newPage(browser, viewports.phone);
    await page.goto('/purchases');
    await page.locator('[data-testid=purchases-sign-in]').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Escape');

    await signIn(context, listener);
    await page.goto('/purchases');
    await page.getByText('No purchases yet').waitFor();
    await page.goto('/library?tab=downloads');
    await page.getByText('No downloads yet').waitFor();
    expect(await page.getByRole('link', { name: 'Browse Albums' }).getAttribute('href')).toBe('/shop');

    // A checkout that was never paid: the lookups find no payment, and the page thanks the buyer anyway.
    const { sessionId } = await startCheckout(listener, copperAndSalt.albumId);
    await page.goto(`/checkout-success?session_id=${sessionId}`);
    const success = page.locator('[data-testid=checkout-success-page]');
    await success.locator('[data-state=processing]').waitFor();
    await success.locator('[data-state=unconfirmed]').waitFor({ timeout: 20_000 });
    expect(await success.locator('[data-state=unconfirmed]').textContent()).toContain("We've e-mailed you the download links");
    await toastShown(page, 'Processing Issue');
    await context.close();
  });
});
