/**
 * A first visit whose page code comes late, as on a slow phone on a slow network: the app's first render waits a
 * moment for it (start.tsx), then renders without it, the page's loading skeleton in its place; the code arriving while
 * that render is under way must still replace the skeleton with the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useCloudEnv } from '../support/cloud.js';
import { launch, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('a first visit on a slow phone', () => {
  it("shows the page once its code arrives, though it came after the first render's wait", async () => {
    const { context, page } = await newPage(browser);
    // The page's own chunk comes a little after the first render's two-second wait, on a processor twelve times slower:
    // it lands while that render is still being built.
    await context.route(/\/assets\/faq-route-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_300));
      await route.continue();
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByRole('heading', { name: 'Frequently asked questions' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: 'Loading…' }).count()).toBe(0);
    await context.close();
  });
});
