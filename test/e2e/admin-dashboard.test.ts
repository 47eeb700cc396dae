/**
 * The label dashboard in Chromium: the admin panel opens on it; a purchase shows in its figures, with the change
 * against the period before; the range moves through the URL (presets and a custom range, refused when inverted);
 * each chart has its table and CSV; and it fits a phone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { paidBuyer } from '../support/commerce.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, pastRightEdge, poll, signIn, viewports } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('the label dashboard', () => {
  it('opens the admin panel with the figures, charts with tables and CSV, and a range kept in the URL', async () => {
    const [admin] = await Promise.all([signedInAdmin(), paidBuyer('album-after-hours')]);
    const today = new Date().toISOString().slice(0, 10);
    // The sale reaches the rollups before the page asks for them.
    await eventually(
      async () => ((await admin.call(`/api/admin/dashboard?from=${today}&to=${today}`)).body.current.sales.albumsSold as number) > 0,
      30_000,
    );

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/admin`);
    const dashboard = page.getByTestId('admin-dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
    ).toBe('page');
    const sold = dashboard.getByTestId('dashboard-figure').filter({ hasText: 'Albums sold' });
    await poll(async () => Number((await sold.locator('dd').first().textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    await dashboard.getByTestId('dashboard-chart').first().locator('canvas').waitFor();
    // The beta coupon is named by what it is, not by its code.
    const figures = await dashboard.getByTestId('dashboard-figure').allTextContents();
    expect(figures.some((figure) => figure.startsWith('Beta offer uses (2 months free)'))).toBe(true);
    expect(figures.join(' ')).not.toContain('TOKO-PLUS-BETA');

    // Each chart's numbers as a table and a CSV file.
    const plays = dashboard.getByTestId('dashboard-chart').filter({ hasText: 'Album sales per day' });
    await plays.getByRole('button', { name: 'Show table' }).click();
    await plays.getByRole('rowheader', { name: today }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), plays.getByRole('button', { name: 'CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    // Presets and a custom range, in the URL; an inverted one cannot be asked for.
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '7 days' }).click();
    await page.waitForURL(/\/admin\?range=7$/);
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2026-03-10');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await page.getByText('The first day must not be after the last.').waitFor();
    expect(await page.getByRole('button', { name: 'Show', exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('To', { exact: true }).fill('2026-03-20');
    await page.getByRole('button', { name: 'Show', exact: true }).press('Enter');
    await page.waitForURL(/\/admin\?from=2026-03-10&to=2026-03-20$/);
    await page.getByTestId('dashboard-range').getByText('2026-03-10 to 2026-03-20').waitFor();
    await context.close();

    // A phone: nothing wider than the screen.
    const phone = await newPage(browser, viewports.phone);
    await signIn(phone.context, admin);
    await phone.page.goto(`${baseUrl()}/admin?range=30`);
    await phone.page.getByTestId('dashboard-chart').first().locator('canvas').waitFor();
    expect(await pastRightEdge(phone.page)).toEqual({ by: 0, wider: [] });
    await phone.context.close();
  });
});
