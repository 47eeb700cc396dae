/**
 * A wrong sign-in code in Chromium, on a desktop and a phone: the sign-in dialog says so and offers one thing to do (enter
 * the code again, in the field it empties and focuses) and one way out (send a new code), no two buttons doing the same;
 * it works from the keyboard alone, and Escape closes it.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { signInCode } from '../support/inbox.js';
import { launch, newPage, pastRightEdge, poll, viewports } from './browser.js';
import { headerState, openSignIn } from './steps.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const freshEmail = () => `wrong-code-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Asks for a sign-in code for a new address and types a wrong one (any six digits but the mailed code). */
async function typeWrongCode(page: Page): Promise<{ dialog: Locator; email: string }> {
  const email = freshEmail();
  await page.goto('/');
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('heading', { name: 'Check your email' }).waitFor();
  const code = await signInCode(email);
  await dialog.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('alert').filter({ hasText: 'Verification failed' }).waitFor();
  return { dialog, email };
}

/** The names of the buttons the dialog offers, besides its Close. */
const actions = (dialog: Locator) =>
  dialog
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? (button.textContent ?? '').trim()).filter((name) => name !== 'Close'),
    );

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLInputElement | null;
    return focused?.labels?.[0]?.textContent ?? focused?.textContent ?? null;
  });

describe.each(Object.entries(viewports))('a wrong sign-in code on %s', (_name, viewport) => {
  it('offers to enter the code again or send a new one, and signs in with the new one from the keyboard', async () => {
    const { page, context } = await newPage(browser, viewport);
    const { dialog, email } = await typeWrongCode(page);

    expect(await actions(dialog)).toEqual(['Verify', 'Send a new code']);
    // The field is emptied and focused: the next try is typed at once.
    expect(await dialog.getByLabel('6-digit code').inputValue()).toBe('');
    expect(await focusedLabel(page)).toBe('6-digit code');
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });

    // By keyboard: Tab past Verify to Send a new code, and Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Send a new code');
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('status')
      .filter({ hasText: `A new code and sign-in link are on their way to ${email}` })
      .waitFor();
    expect(await focusedLabel(page)).toBe('6-digit code');
    await page.keyboard.type(await signInCode(email, 20_000, 1));
    await poll(() => headerState(page)).toBe('signed-in');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('closes on Escape', async () => {
    const { page, context } = await newPage(browser, viewport);
    const { dialog } = await typeWrongCode(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await headerState(page)).toBe('guest');
    await context.close();
  });
});
