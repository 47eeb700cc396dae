/** Album cards in Chromium at 1280 px: every title is read in full (on two lines if it needs them), none cut short. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { launch, newPage, poll, viewports } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('album cards', () => {
  it('show each title in full on a 1280 px screen', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    await page.goto('/music');
    const titles = page.locator('[data-testid=album-card] h3');
    await poll(() => titles.count()).toBeGreaterThan(3);
    const cut = await titles.evaluateAll((headings) =>
      headings.filter((h) => h.scrollWidth > h.clientWidth + 1 || h.scrollHeight > h.clientHeight + 1).map((h) => h.textContent),
    );
    expect(cut).toEqual([]);
    await context.close();
  });
});
