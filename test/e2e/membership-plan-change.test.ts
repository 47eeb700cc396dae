/**
 * Browser journey of a Toko+ member changing plan in Chromium: Account → Manage Subscription → the Stripe sandbox's
 * customer portal → another price → back in the app, the account shows the new plan; on a desktop and on a phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { sandbox } from '../support/commerce.js';
import { signedInListener, type TestListener } from '../support/signed-in.js';
import { launch, newPage, signIn, viewports } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

/** Screens wait on the network and the webhooks of a loaded machine: poll generously. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });
const portalPage = new RegExp(`^${inject('stripeSandboxUrl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/portal/bps_`);

/** A listener who joined Toko+ at `amount` a month through the sandbox's checkout. */
async function memberAt(amount: 5 | 10): Promise<TestListener> {
  const listener = await signedInListener('free');
  const started = await listener.call('/api/subscription/checkout/hosted', { method: 'POST', json: { amount } });
  expect(started.status).toBe(200);
  await sandbox(`/sandbox/checkout/sessions/${started.body.sessionId}/pay`, { email: listener.email });
  return listener;
}

async function switchPlan(page: Page, from: string, to: string) {
  await page.goto('/account');
  const billing = page.locator('[data-testid=subscription-billing]');
  await poll(() => billing.textContent()).toContain(`${from}/month`);
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.waitForURL(portalPage, { timeout: 20_000 });
  expect(await page.getByRole('list', { name: 'Plan' }).textContent()).toContain(`${from}/month`);
  await page.getByRole('button', { name: `Switch to ${to}/month` }).click();
  await poll(() => page.getByRole('status').textContent()).toContain('Your plan is now');
  expect(await page.getByRole('list', { name: 'Plan' }).textContent()).toContain(`${to}/month`);
  // The price just chosen is no longer offered; the one left behind is.
  expect(await page.getByRole('button', { name: `Switch to ${to}/month` }).count()).toBe(0);
  await page.getByRole('button', { name: `Switch to ${from}/month` }).waitFor();
  await page.getByRole('link', { name: 'Return to Toko' }).click();
  await page.waitForURL(/\/account$/);
  await poll(() => billing.textContent()).toContain(`${to}/month`);
  expect(await page.getByTestId('subscription-plan').textContent()).toBe(`Toko+ ${to}/month`);
  expect(await billing.getAttribute('data-state')).toBe('active');
}

describe('changing the Toko+ plan in the browser', () => {
  it('a member at $5 switches to $10 in the billing portal on a desktop, and the account shows $10 a month', async () => {
    const member = await memberAt(5);
    const { page, context } = await newPage(browser, viewports.desktop);
    await signIn(context, member);
    await switchPlan(page, '$5.00', '$10.00');
    await context.close();
  });

  it('a member at $10 switches to $5 in the billing portal on a phone, and the account shows $5 a month', async () => {
    const member = await memberAt(10);
    const { page, context } = await newPage(browser, viewports.phone);
    await signIn(context, member);
    await switchPlan(page, '$10.00', '$5.00');
    await context.close();
  });
});
