/**
 * The Sales section in Chromium, on a desktop and on a phone: an admin who handles money finds a buyer's order by
 * their e-mail address, refunds it (after a fresh authenticator code), and the order then reads Refunded; the album's
 * sales list it too, marked.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { paidBuyer } from '../support/commerce.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, pastRightEdge, poll, signIn, toastShown, viewports } from './browser.js';
import { giveFreshCode } from './steps.js';

const ALBUM = 'album-after-hours';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('the Sales section', () => {
  it.each([
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const)('finds an order by the buyer’s e-mail and refunds it, on a %s', async (_, viewport) => {
    const [admin, { buyer, orderId }] = await Promise.all([signedInAdmin(['money']), paidBuyer(ALBUM)]);
    const { context, page } = await newPage(browser, viewport);
    await signIn(context, admin);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Sales' }).click();
    await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();
    await page.getByText('Find an order').waitFor();

    await page.getByTestId('sales-search').fill(buyer.email);
    await page.getByTestId('sales-search').press('Enter');
    await page.waitForURL(/\/admin\/sales\?email=/);
    const sales = page.getByTestId('sales-table');
    // The sale is a view written a moment after the payment: a search again finds it once it is there.
    await poll(async () => {
      if (await sales.getByText(orderId).count()) return true;
      await page.getByRole('button', { name: 'Search' }).click();
      return false;
    }, 30_000).toBe(true);
    const row = sales.getByRole('row').filter({ hasText: orderId });
    await row.getByText(buyer.email).waitFor();
    await row.getByText('After Hours').waitFor();
    expect(await row.getByText('Paid', { exact: true }).count()).toBe(1);
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });

    await row.getByRole('button', { name: `Refund order ${orderId}` }).click();
    await page.getByTestId('refund-form').getByRole('button', { name: 'Refund', exact: true }).click();
    // A refund asks for a fresh code of the admin's authenticator app first.
    await giveFreshCode(page, admin);
    await toastShown(page, 'Refund');
    await row.getByText('Refunded', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await row.getByRole('button', { name: `Refund order ${orderId}` }).count()).toBe(0);

    // The album's sales, newest first, list the order too, refunded.
    await page.getByTestId('sales-album').selectOption(ALBUM);
    await page.waitForURL(/\/admin\/sales\?albumId=album-after-hours$/);
    await sales.getByRole('row').filter({ hasText: orderId }).getByText('Refunded', { exact: true }).waitFor();
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await context.close();
  });

  it('says when a search finds nothing, and when an address is malformed', async () => {
    const admin = await signedInAdmin(['money']);
    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, admin);
    await page.goto('/admin/sales?email=nobody-at-all%40example.com');
    await page.getByText('No orders for nobody-at-all@example.com').waitFor();
    await page.getByTestId('sales-search').fill('not-an-address@');
    await page.getByTestId('sales-search').press('Enter');
    await page.getByTestId('sales-refusal').waitFor();
    await context.close();
  });
});
