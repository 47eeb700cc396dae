/** A listener's own data in Chromium: download it from /account, then delete the account with the code the SES stand-in got. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, signIn } from './browser.js';
import { deleteMyAccount, downloadMyData } from './steps.js';

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
});
