/** A listener's own data in Chromium: download it from /account, then delete the account with the code the SES stand-in got. */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

async function deletionCode(email: string): Promise<string | undefined> {
  const { emails } = (await (await fetch(`${inject('inboxUrl')}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string }[];
  };
  const mail = emails
    .filter((m) => m.destination.to.some((to) => to.toLowerCase().includes(email)))
    .find((m) => /deletion code/.test(m.subject));
  return mail && /(\d{6})/.exec(mail.subject)?.[1];
}

describe('my data on /account', () => {
  it('downloads my data as a JSON file, then deletes my account with the mailed code', async () => {
    const listener = await signedInListener();
    const { context, page } = await newPage(browser);
    await signIn(context, listener);
    await page.goto('/account');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^toko-my-data-\d{4}-\d\d-\d\d\.json$/);
    const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { userId: string; profile: { email: string } };
    expect(file).toMatchObject({ userId: listener.userId, profile: { email: listener.email } });

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Send me the code' }).click();
    await expect.poll(() => dialog.getByText(`We sent a 6-digit code to ${listener.email}`).isVisible(), { timeout: 15_000 }).toBe(true);
    let code: string | undefined;
    await poll(async () => (code = await deletionCode(listener.email)), 20_000).toBeTruthy();
    await dialog.getByLabel('Deletion code').fill(code!);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toastShown(page, 'Account deleted');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.goto('/account');
    await page.getByTestId('signed-out-notice').waitFor({ timeout: 15_000 });
    await context.close();
  });
});
