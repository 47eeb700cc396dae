/**
 * Steps a person takes in more than one browser journey: signing up with the mailed code, paying on the Stripe
 * sandbox's form, buying merch through the Shopify sandbox, taking their data and leaving from /account, an
 * admin adding an artist, and an admin giving a fresh authenticator code before a sensitive act.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { UserExport } from '../../functions/accounts/contract/user-data.js';
import { deletionCode, signInCode } from '../support/inbox.js';
import { codeOfNextStep } from '../support/signed-in.js';
import { pastRightEdge, poll, toastShown } from './browser.js';

export const headerState = (page: Page) => page.locator('[data-testid=header-account]').getAttribute('data-state');

/** Answers the dialog a sensitive act opens (step-up) with the admin's next authenticator code; the act then goes on. */
export async function giveFreshCode(page: Page, admin: { userId: string; secret: string }) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.getByLabel('Authenticator code').fill(await codeOfNextStep(admin.userId, admin.secret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens the sign-in dialog from the header of a guest's page. */
export async function openSignIn(page: Page) {
  await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('guest');
  await page.locator('[data-testid=header-account]').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Sign in' }).waitFor();
  return dialog;
}

/** Signs a new listener up through the modal and returns once the header shows them. */
export async function signUp(page: Page, email: string) {
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Create Free Account' }).click();
  await dialog.getByRole('heading', { name: 'Check your email' }).waitFor();
  await dialog.getByLabel('6-digit code').fill(await signInCode(email));
  await expect.poll(() => headerState(page), { timeout: 15_000 }).toBe('signed-in');
}

/** Adds an artist on /admin/artists and opens its edit dialog, where its pictures are set. */
export async function addArtist(page: Page, name: string) {
  await page.goto('/admin/artists');
  await page.getByTestId('new-artist').click();
  const artistForm = page.getByTestId('artist-form');
  await artistForm.getByLabel('Name').fill(name);
  await artistForm.getByRole('button', { name: 'Add artist' }).click();
  await toastShown(page, 'Artist added');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  return { artistForm, images: page.getByTestId('artist-images') };
}

/** Finds the Stripe sandbox's form, in the cart dialog's frame or, after the hosted fallback, as the page itself. */
export async function payOnSandbox(page: Page) {
  const frame = page.locator('iframe[title="Secure checkout"]');
  let where = 'waiting';
  await expect
    .poll(
      async () => {
        if (/\/pay\/cs_/.test(page.url())) where = 'hosted';
        else if ((await frame.count()) > 0) where = 'embedded';
        return where;
      },
      { timeout: 30_000, interval: 250 },
    )
    .not.toBe('waiting');
  const form = where === 'embedded' ? page.frameLocator('iframe[title="Secure checkout"]') : page;
  const pay = form.getByRole('button', { name: /^Pay \$/ });
  await pay.waitFor({ timeout: 15_000 });
  return { where, pay };
}

/** Puts a product (the variant chosen, where it has options) in the merch bag from /shop and opens the bag. */
export async function bagMerch(page: Page, { handle, variantId, search }: { handle: string; variantId?: string; search: string }) {
  await page.goto(`/shop?q=${encodeURIComponent(search)}`);
  const card = page.locator(`[data-testid=product-card][data-handle="${handle}"]`);
  await card.waitFor();
  expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
  await card.click();
  const dialog = page.locator(`[data-testid=product-dialog][data-handle="${handle}"]`);
  if (variantId) await dialog.locator('[data-testid=variant-select]').selectOption(variantId);
  await dialog.locator('[data-testid=add-to-bag]').click();
  await toastShown(page, 'Added to Bag');
  await page.locator('[data-testid=header-cart]').click();
  return page.locator('[data-testid=merch-cart-drawer]');
}

/** Checks the bag out: the shop's checkout page opens in a new tab. */
export async function openShopCheckout(context: BrowserContext, page: Page): Promise<Page> {
  // The open bag fits the screen: a page wider than a phone widens its layout viewport, and taps land off their targets.
  expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
  const tabOpened = context.waitForEvent('page');
  await page.locator('[data-testid=merch-cart-drawer]').locator('[data-testid=merch-checkout]').click();
  const tab = await tabOpened;
  await tab.waitForURL(`${inject('cloudEnv').SHOPIFY_SANDBOX_URL}/cart/c/**`);
  return tab;
}

/** Pays on the shop's checkout page; the shop names the order on its thank-you page and tells the app by webhook. */
export async function payShopCheckout(tab: Page, total: string) {
  await tab.getByRole('button', { name: `Pay ${total}` }).click();
  await tab.waitForURL('**/checkouts/thank-you/*');
  const orderName = await tab.locator('[data-testid=order-name]').textContent();
  const orderId = `gid://shopify/Order/${new URL(tab.url()).pathname.split('/').pop()}`;
  return { orderName, orderId };
}

/** Downloads the signed-in person's data from /account and reads the JSON file. */
export async function downloadMyData(page: Page): Promise<{ fileName: string; data: UserExport }> {
  await page.goto('/account');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  return { fileName: download.suggestedFilename(), data: JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as UserExport };
}

/** Deletes the signed-in account from /account with the code mailed to `email`; the page goes home, signed out. */
/** /account's "Delete my account", opened: the dialog that says what goes before it asks for a code. */
export async function openAccountDeletion(page: Page) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  return page.getByRole('dialog', { name: 'Delete your account?' });
}

export async function deleteMyAccount(page: Page, email: string) {
  const dialog = await openAccountDeletion(page);
  await dialog.getByRole('button', { name: 'Send me the code' }).click();
  await poll(() => dialog.getByText(`We sent a 6-digit code to ${email}`).isVisible()).toBe(true);
  await dialog.getByLabel('Deletion code').fill(await deletionCode(email));
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL((url) => url.pathname === '/account-deleted', { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Your account is deleted' }).waitFor();
}
