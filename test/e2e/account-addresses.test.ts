/**
 * Browser journeys of an e-mail address in Chromium: moving the account to a new address with the code mailed to the
 * current one, then confirming the new one from its link; and the band page's fan signup, confirmed from its link.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { confirmationLinkOf, emailChangeCodeOf, inbox } from '../integration/accounts-helpers.js';
import { launch, newPage, poll, toastShown, viewports } from './browser.js';
import { signUp } from './steps.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const freshEmail = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('an e-mail address in the browser', () => {
  it('a listener changes the address with the code from the current one, and it changes once the new one is confirmed', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    const current = freshEmail('current');
    const next = freshEmail('next');
    await page.goto('/');
    await signUp(page, current);
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Email').fill(next);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Check your current email');

    const codeForm = page.getByTestId('email-change-code');
    await codeForm.getByText(`enter the 6-digit code we sent to ${current}`).waitFor();
    await codeForm.getByLabel('Code from your current email').fill('12');
    await codeForm.getByRole('button', { name: 'Confirm new email' }).click();
    await codeForm.getByText('Please enter the 6-digit code').waitFor();
    await codeForm.getByLabel('Code from your current email').fill(await emailChangeCodeOf(current));
    await codeForm.getByRole('button', { name: 'Confirm new email' }).click();
    await toastShown(page, 'Check your new email');
    // The current address stays in force until the new one is confirmed.
    await form.getByText(`Waiting for confirmation of ${next}`).waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(current);

    const link = await confirmationLinkOf(next);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/auth/verify-email') && r.method() === 'POST');
    await page.goto(`/verify-email?token=${encodeURIComponent(link.token)}&email=${encodeURIComponent(link.email)}`);
    expect((await posted).postDataJSON()).toEqual(link);
    await page.getByRole('heading', { name: /Email verified/ }).waitFor();
    await page.goto('/profile');
    await poll(() => page.getByTestId('profile-form').getByLabel('Email').inputValue()).toBe(next);
    // The old address is told.
    await poll(async () => (await inbox(current)).some((m) => m.subject.includes('e-mail address was changed'))).toBe(true);
    await context.close();
  });

  it('a fan confirms the band signup from the link in the mail', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    const email = freshEmail('fan');
    await page.goto('/dirtytexans-signup');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Get Access' }).click();
    await page.getByText('check your email for a link to confirm your signup').waitFor();
    await page.waitForURL('**/dirtytexans');

    const confirmation = async () => (await inbox(email)).find((m) => m.subject.startsWith('Confirm your signup'));
    await poll(async () => Boolean(await confirmation())).toBe(true);
    const text = (await confirmation())!.body.text!;
    const link = new URL(/(http\S+\/dirtytexans-signup\?confirm=\S+)/.exec(text)![1]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText("You're on the list!").waitFor();
    await page.getByRole('link', { name: /Go to/ }).click();
    await page.waitForURL('**/dirtytexans');
    await context.close();
  });
});
