/**
 * Browser journeys of an e-mail address in Chromium: moving the account to a new address with the code mailed to the
 * current one (or, just after signing up, with no code), then confirming the new one from its link; and the band page's
 * fan signup, confirmed from its link.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { confirmationLinkOf, emailChangeCodeOf, inbox } from '../integration/accounts-helpers.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';
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
    // Signed in a while ago: the change asks the current address for a code.
    const listener = await signedInListener('free', { minutesAgo: 20 });
    const current = listener.email;
    const next = freshEmail('next');
    await signIn(context, listener);
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByText('no code within 10 minutes of signing in with a code or link').waitFor();
    await form.getByLabel('Email').fill(next);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Check your current email');

    const codeForm = page.getByTestId('email-change-code');
    await codeForm.getByText(`enter the 6-digit code we sent to ${current}`).waitFor();
    await codeForm.getByText('for 10 minutes after it, changing your address needs no code').waitFor();
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

  it('just after signing up, a listener changes the address with no code, and it changes once the new one is confirmed', async () => {
    const { page, context } = await newPage(browser, viewports.desktop);
    const current = freshEmail('fresh');
    const next = freshEmail('fresh-next');
    await page.goto('/');
    await signUp(page, current);
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Email').fill(next);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Check your new email');
    expect(await page.getByTestId('email-change-code').count()).toBe(0);
    await form.getByText(`Waiting for confirmation of ${next}`).waitFor();

    const link = await confirmationLinkOf(next);
    await page.goto(`/verify-email?token=${encodeURIComponent(link.token)}&email=${encodeURIComponent(link.email)}`);
    await page.getByRole('heading', { name: /Email verified/ }).waitFor();
    await page.goto('/profile');
    await poll(() => page.getByTestId('profile-form').getByLabel('Email').inputValue()).toBe(next);
    // The old address was sent no code, only the news of the change.
    await poll(async () => (await inbox(current)).some((m) => m.subject.includes('e-mail address was changed'))).toBe(true);
    expect((await inbox(current)).some((m) => m.subject.includes('code to change your e-mail address'))).toBe(false);
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
