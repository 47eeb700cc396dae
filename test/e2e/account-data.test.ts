/**
 * A listener's own data in Chromium: download it from /account, then delete the account with the code the SES stand-in got;
 * a Toko+ member is told first that the membership goes with it; on a phone, the page after says it is done and the
 * browser keeps nothing of the account (its bag).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { newPerson, sandbox } from '../support/commerce.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, viewports } from './browser.js';
import { bagMerch, deleteMyAccount, downloadMyData, openAccountDeletion } from './steps.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('my data on /account', () => {
  it('downloads my data as a JSON file, then deletes my account with the mailed code', async () => {
    const listener = await signedInListener();
    const { context, page } = await newPage(browser);
    await signIn(context, listener);

    const { fileName, data } = await downloadMyData(page);
    expect(fileName).toMatch(/^toko-my-data-\d{4}-\d\d-\d\d\.json$/);
    expect(data).toMatchObject({ userId: listener.userId, profile: { email: listener.email } });

    await deleteMyAccount(page, listener.email);
    await page.goto('/account');
    await page.getByTestId('signed-out-notice').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('on a phone, after deleting the account, says it is done and keeps nothing of it: no bag, no cart', async () => {
    const listener = await signedInListener();
    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, listener);
    await bagMerch(page, { handle: 'label-tote', search: 'tote' });
    const badge = () => page.locator('[data-testid=header-cart]').getAttribute('data-count');
    await poll(badge).toBe('1');

    await page.goto('/account');
    await deleteMyAccount(page, listener.email);
    // The page says what happened, the header's bag is empty, and the browser keeps nothing for this site.
    expect(await page.getByTestId('account-deleted-page').textContent()).toContain('this browser no longer keeps your bag');
    await poll(badge).toBe('0');
    const kept = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
    expect(kept.filter((key) => ['toko_merch_cart', 'guest_cart', 'player.session'].includes(key))).toEqual([]);
    await page.getByRole('link', { name: 'Back to the music' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await poll(badge).toBe('0');
    await context.close();
  });

  it('tells a Toko+ member, before the code is asked, that the membership is cancelled with the account', async () => {
    const member = await newPerson('leaving-e2e');
    const started = await member.api('/api/subscription/checkout', { method: 'POST', json: { amount: 5 } });
    await sandbox(`/sandbox/checkout/sessions/${started.body.sessionId}/pay`, { email: member.email });
    await eventually(async () => (await member.api('/api/subscription/me')).body.active === true, 20_000);
    const { context, page } = await newPage(browser);
    await signIn(context, member);

    const dialog = await openAccountDeletion(page);
    const notice = dialog.getByTestId('deletion-cancels-membership');
    await poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('Your Toko+ membership ($5.00 a month) will be cancelled at once with your account');
    // Said before any code is asked for: the dialog is still at its first step.
    expect(await dialog.getByLabel('Deletion code').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await poll(() => dialog.isVisible()).toBe(false);

    await deleteMyAccount(page, member.email);
    await context.close();
  });
});
