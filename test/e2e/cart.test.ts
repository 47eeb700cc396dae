/**
 * Browser journeys of the album cart in Chromium: a guest fills the cart from album pages, signs in inside
 * the cart dialog with the code from the local inbox, the guest cart moves to the account, and the album is
 * paid on the Stripe sandbox's page, after which its page says it is owned; removing, the empty states and 'Already in Cart'; and on a phone, a
 * guest's checkout from /cart that waits for sign-in on /auth and resumes afterwards.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCode } from '../support/inbox.js';
import { launch, newPage, pastRightEdge, toastShown, viewports } from './browser.js';
import { headerState, payOnSandbox } from './steps.js';

const PAPER_SATELLITES = 'album-paper-satellites';
const COPPER_AND_SALT = 'album-copper-and-salt';
const AFTER_HOURS = 'album-after-hours';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** A page whose script errors and failed loads show in the test output. */
async function openPage(viewport: { width: number; height: number } = viewports.desktop) {
  const opened = await newPage(browser, viewport);
  opened.page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
  opened.page.on('response', (response) => {
    if (response.status() >= 500) console.log(`[page load] ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return opened;
}

const freshEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const cartDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('[data-testid=album-cart]') });
const cartStep = (page: Page) => page.locator('[data-testid=album-cart]').getAttribute('data-step');
const guestCart = (page: Page) => page.evaluate(() => window.sessionStorage.getItem('guest_cart'));

async function openAlbum(page: Page, albumId: string) {
  await page.goto(`/album/${albumId}`);
  await page.getByRole('button', { name: 'Add to cart' }).waitFor();
}

/** The server cart of whoever the page is signed in as (the page's cookies go along). */
async function serverCart(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/cart');
  return ((await response.json()) as Array<{ albumId: string }>).map((item) => item.albumId);
}

describe('the album cart in the browser', () => {
  it('a guest fills the cart, signs in inside the cart dialog, the cart moves to the account, and the album is paid', async () => {
    const { page, context } = await openPage();
    // With the sandbox (no publishable key) Stripe.js is never asked for: only real Stripe keys load it.
    const stripeJs: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).hostname.endsWith('stripe.com')) stripeJs.push(request.url());
    });
    const email = freshEmail('buyer');
    await openAlbum(page, PAPER_SATELLITES);
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('guest');

    // Added to the guest cart; the same album again says so and opens the cart.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toastShown(page, 'Added to Cart');
    expect(JSON.parse((await guestCart(page)) ?? '[]')).toEqual([
      expect.objectContaining({ albumId: PAPER_SATELLITES, albumTitle: 'Paper Satellites' }),
    ]);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toastShown(page, 'Already in Cart');
    const dialog = cartDialog(page);
    await dialog.getByRole('heading', { name: 'Your Cart' }).waitFor();
    const items = dialog.locator('[data-testid=cart-item]');
    expect(await items.count()).toBe(1);
    expect(await items.first().textContent()).toContain('Paper Satellites');
    expect(await items.first().textContent()).toContain('Digital Album');
    expect(await dialog.locator('[data-testid=cart-album-count]').textContent()).toBe('1 album in your cart');
    expect(await dialog.locator('[data-testid=cart-total]').textContent()).toBe('$9.99');
    expect(await dialog.locator('[data-testid=cart-includes]').textContent()).toContain('Lifetime downloads');

    // The Toko+ upsell: the member price plus the $5 plan.
    const upsell = dialog.getByRole('checkbox', { name: /Add Toko\+ for \$5\.00\/month/ });
    await upsell.check();
    expect(await dialog.locator('[data-testid=cart-total]').textContent()).toBe('$11.99');
    await upsell.uncheck();
    expect(await dialog.locator('[data-testid=cart-total]').textContent()).toBe('$9.99');

    // Removed, the cart is empty; Continue Shopping closes it.
    await dialog.getByRole('button', { name: 'Remove Paper Satellites' }).click();
    await toastShown(page, 'Item Removed');
    await dialog.getByText('Your cart is empty').waitFor();
    expect(await guestCart(page)).toBeNull();
    await dialog.getByRole('button', { name: 'Continue Shopping' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Buy adds the album and opens the cart checking out: a guest is asked for an e-mail first.
    await page.getByRole('button', { name: /^Buy \$9\.99/ }).click();
    await dialog.getByRole('heading', { name: 'Enter email for secure checkout' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Continue', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.locator('[data-testid=cart-item]').first().waitFor();
    await dialog.getByRole('button', { name: 'Checkout', exact: true }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();

    // The code step keeps digits only and verifies only a whole code.
    await dialog.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    // One way out, which keeps the address.
    await dialog.getByRole('button', { name: 'Use a different email' }).click();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    expect(await dialog.getByRole('button', { name: /Back|Try different email/ }).count()).toBe(0);
    const codeInput = dialog.getByLabel('6-digit code');
    await codeInput.pressSequentially('12ab3');
    expect(await codeInput.inputValue()).toBe('123');
    expect(await dialog.getByRole('button', { name: 'Verify & Continue to Checkout' }).isDisabled()).toBe(true);
    // The second message's code: the address was sent one again.
    await codeInput.fill(await signInCode(email, 20_000, 1));
    await dialog.getByRole('button', { name: 'Verify & Continue to Checkout' }).click();

    // Signed in: the guest cart is now the account's, and the checkout opens on the sandbox's form.
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('signed-in');
    await expect.poll(() => serverCart(page), { timeout: 15_000 }).toEqual([PAPER_SATELLITES]);
    await expect.poll(() => guestCart(page), { timeout: 15_000 }).toBeNull();
    const { where, pay } = await payOnSandbox(page);
    if (where === 'embedded') expect(await cartStep(page)).toBe('checkout');
    expect(await pay.textContent()).toContain('$9.99');
    await pay.click();

    // Paid: the sandbox sends its signed webhooks and returns to the success page of the session.
    await page.waitForURL(/\/checkout\/success\?session_id=cs_test_\w+/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Purchase Complete!' }).waitFor({ timeout: 30_000 });
    expect(stripeJs).toEqual([]);

    // Bought, the album cannot go in the cart again.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/purchases')).json()) as { purchases: Array<{ albumId: string }> }).purchases.map(
            (p) => p.albumId,
          ),
        {
          timeout: 30_000,
        },
      )
      .toEqual([PAPER_SATELLITES]);
    // What was bought leaves the cart.
    await expect.poll(() => serverCart(page), { timeout: 30_000 }).toEqual([]);

    // Library → Downloads: the album's ZIP (MP3, WAV, instrumentals, cover) through a fresh signed link.
    await page.getByRole('link', { name: 'Go to Library' }).click();
    const row = page.locator(`[data-testid=library-download][data-album-id="${PAPER_SATELLITES}"]`);
    await row.waitFor({ timeout: 20_000 });
    const button = row.locator('[data-testid=download-album-button]');
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 120_000, interval: 1_000 }).toBe('idle');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'toko-e2e-cart-')), 'album.zip');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(entries.some((name) => /^MP3\/.+\.mp3$/.test(name))).toBe(true);
    expect(entries.some((name) => /^Instrumentals\/.+\(Instrumental\)\.wav$/.test(name))).toBe(true);
    expect(entries).toContain('cover.jpg');

    // Bought, the album's page says it is owned and offers its download, not itself.
    await page.goto(`/album/${PAPER_SATELLITES}`);
    await expect.poll(() => page.locator('[data-testid=album-badges]').textContent(), { timeout: 15_000 }).toContain('Owned');
    await page.locator(`[data-testid=album-page] [data-testid=download-album-button][data-album-id="${PAPER_SATELLITES}"]`).waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Buy \$/ }).count()).toBe(0);
    await context.close();
  }, 360_000);

  it("a signed-in listener's cart lives on the server: 'Already in Cart' opens it, and removing empties it", async () => {
    const { page, context } = await openPage();
    const email = freshEmail('keeper');
    await openAlbum(page, AFTER_HOURS);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toastShown(page, 'Added to Cart');

    // Signing in from the header moves the guest cart to the account.
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('guest');
    await page.locator('[data-testid=header-account]').getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
    // The toast is brief: watched for from before the code goes in.
    const synced = toastShown(page, 'Cart Synced');
    await signIn.getByLabel('6-digit code').fill(await signInCode(email));
    await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('signed-in');
    await synced;
    await expect.poll(() => serverCart(page), { timeout: 15_000 }).toEqual([AFTER_HOURS]);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toastShown(page, 'Already in Cart');
    const dialog = cartDialog(page);
    await dialog.getByRole('button', { name: 'Remove After Hours' }).click();
    await toastShown(page, 'Item Removed');
    await dialog.getByText('Your cart is empty').waitFor();
    await expect.poll(() => serverCart(page), { timeout: 15_000 }).toEqual([]);
    await context.close();
  }, 120_000);

  it('on a phone, a guest checks out from /cart, signs in on /auth, and the checkout resumes', async () => {
    const { page, context } = await openPage(viewports.phone);
    const email = freshEmail('phone');
    await page.goto('/cart');
    await page.getByText('Your cart is empty').waitFor();
    expect(await page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/music');

    await openAlbum(page, COPPER_AND_SALT);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toastShown(page, 'Added to Cart');
    await page.goto('/cart');
    const item = page.locator('[data-testid=cart-page] [data-testid=cart-item]');
    await item.waitFor();
    expect(await item.textContent()).toContain('Copper & Salt');
    // No member price of its own: members pay 70 %.
    expect(await page.locator('[data-testid=cart-upsell]').textContent()).toContain('save $3.00');
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });

    await page.getByRole('button', { name: 'Sign In to Checkout' }).click();
    await page.waitForURL(/\/auth\?redirect=/);
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('pending_checkout') ?? 'null'))).toMatchObject({
      action: 'checkout',
      includeSubscription: false,
    });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const taken = page.waitForRequest((r) => r.url().endsWith('/api/auth/pending-action/take') && r.method() === 'POST');
    await page.getByLabel('6-digit code').fill(await signInCode(email));

    // Back on /cart with the welcome, the cart moved to the account, and the checkout under way.
    await page.waitForURL(/\/cart\?from=login/, { timeout: 15_000 });
    await page.locator('[data-testid=cart-welcome-back]').waitFor();
    await expect.poll(() => serverCart(page), { timeout: 15_000 }).toEqual([COPPER_AND_SALT]);
    // The saved checkout was used up: the browser's copies, and the server's, taken by a POST.
    await taken;
    expect(await page.evaluate(() => window.localStorage.getItem('pending_checkout'))).toBeNull();
    expect(await (await page.request.get('/api/auth/pending-action')).json()).toEqual({
      action: null,
      includeSubscription: false,
      ts: null,
    });
    const { where, pay } = await payOnSandbox(page);
    expect(await pay.textContent()).toContain('$9.99');
    if (where === 'embedded') {
      // The welcome goes after its 5 s, and the address with it.
      await page.waitForURL((url) => url.pathname === '/cart' && url.search === '', { timeout: 15_000 });
      await page.locator('[data-testid=cart-welcome-back]').waitFor({ state: 'detached' });
    }
    await context.close();
  }, 120_000);
});
