/**
 * Album cards in Chromium at 1280 px: the label's titles are read in full (on two lines if they need them), none cut
 * short. A title longer than two lines can hold (other tests publish one) is clamped with an ellipsis, so it is left out.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums } from '../../infra/seed/catalogue.js';
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
    const seeded = albums.map((album) => album.title);
    const cut = await titles.evaluateAll(
      (headings, labelTitles) =>
        headings
          .filter((h) => labelTitles.includes(h.textContent ?? ''))
          .filter((h) => h.scrollWidth > h.clientWidth + 1 || h.scrollHeight > h.clientHeight + 1)
          .map((h) => h.textContent),
      seeded,
    );
    expect(cut).toEqual([]);
    await context.close();
  });
});
