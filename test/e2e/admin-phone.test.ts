/**
 * The admin panel on a 390 px phone in Chromium: no page wider than the screen, the header's avatar in sight, the open
 * section's tab scrolled into view, the sync manager one tab away and the admin panel one link back; and the header
 * badge says the tier the admin holds, as People does.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, pastRightEdge, poll, signIn, viewports } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const withinScreen = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= viewports.phone.width;
};

describe('the admin panel on a phone', () => {
  it('fits the screen on every section, keeps the open tab in sight, and leads to the sync manager and back', async () => {
    const admin = await signedInAdmin();
    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, admin);

    await page.goto('/admin');
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('admin-area').getByRole('heading').first().waitFor();
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await poll(() => withinScreen(page, '[data-testid=header-avatar]')).toBe(true);
    // The owner holds no Toko+: the header says so, as People does.
    expect(await page.getByTestId('header-avatar').getAttribute('aria-label')).toBe(`Profile: ${admin.displayName}`);

    for (const name of ['People', 'Sales', 'Statements', 'Releases']) {
      await sections.getByRole('link', { name }).click();
      await poll(() => sections.getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
      await poll(() => pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    }

    // Opened by its address, the last section's tab is scrolled into the bar's sight.
    await page.goto('/admin/statements');
    const statements = sections.getByRole('link', { name: 'Statements' });
    await poll(() => statements.getAttribute('aria-current')).toBe('page');
    await poll(async () => {
      const [tab, bar] = await Promise.all([statements.boundingBox(), sections.boundingBox()]);
      return Boolean(tab && bar && tab.x >= bar.x && tab.x + tab.width <= bar.x + bar.width);
    }).toBe(true);

    // The sync manager is a tab of the panel, and leads back to it.
    await sections.getByRole('link', { name: 'Sync manager' }).click();
    await page.waitForURL(/\/sync-manager$/);
    await page.getByRole('heading', { name: 'Sync Manager' }).waitFor();
    await poll(() => pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await page.getByRole('link', { name: 'Admin panel', exact: true }).click();
    await page.waitForURL(/\/admin$/);
    await sections.getByRole('link', { name: 'Dashboard' }).waitFor();
    await context.close();
  });
});
