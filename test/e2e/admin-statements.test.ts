/**
 * The artists' statements in Chromium: a month's artists with their totals, one artist's statement with its lines,
 * its CSV, the printed page (the statement alone), and closing the month after a confirmation.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../../functions/lib/event-store.js';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, signIn, viewports } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('the artists’ statements', () => {
  it('shows a month’s artists, one artist’s lines with CSV and a printable page, and closes the month', async () => {
    const admin = await signedInAdmin();
    const { artistId, artistName } = (await api('/api/albums/album-after-hours')).body as { artistId: string; artistName: string };
    // Half of the merch to the artist, whatever another test set.
    expect(
      (await admin.call(`/api/admin/contracts/${artistId}`, { method: 'PUT', json: { sales: 5000, membership: 5000, merch: 5000 } }))
        .status,
    ).toBe(200);
    // A month of its own, long past, with one merch order of the artist.
    const month = `19${String(10 + Math.floor(Math.random() * 89))}-${String(1 + Math.floor(Math.random() * 11)).padStart(2, '0')}`;
    const orderId = `gid-${randomUUID()}`;
    await appendToStream(
      `merch-order#${orderId}`,
      0,
      [
        {
          type: 'MerchOrderPlaced',
          data: {
            orderId,
            orderName: '#2001',
            placedAt: `${month}-05T10:00:00.000Z`,
            currency: 'USD',
            lines: [{ productId: 'p', variantId: 'v', title: 'Tee', quantity: 1, unitPriceCents: 3000, artistId }],
            subtotalCents: 3000,
            shippingCents: 0,
            taxCents: 0,
            totalCents: 3000,
            webhookId: `w-${orderId}`,
          },
        },
      ],
      { actor: 'shopify', correlationId: randomUUID() },
    );
    await eventually(async () => ((await admin.call(`/api/admin/statements?month=${month}`)).body.artists as unknown[]).length > 0, 30_000);

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Statements' }).click();
    await page.getByRole('heading', { name: 'Statements' }).waitFor();
    await page.getByLabel('Month').fill(month);
    await page.waitForURL(new RegExp(`month=${month}`));
    await page.getByRole('button', { name: artistName }).click();
    const statement = page.getByTestId('artist-statement');
    await statement.getByRole('rowheader', { name: 'Merch' }).waitFor();
    expect(await statement.getByTestId('artist-total').textContent()).toBe('$15.00');

    const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: 'CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`statement-${artistId}-${month}.csv`);

    // On paper: the statement, without the app's navigation.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).isVisible()).toBe(false);
    expect(await statement.getByRole('rowheader', { name: 'Merch' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('button', { name: 'Close month' }).click();
    const dialog = page.getByRole('dialog', { name: `Close ${month}?` });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: `Close ${month}` }).click();
    await eventually(async () => (await admin.call(`/api/admin/statements?month=${month}`)).body.closedAt, 30_000);
    await page.reload();
    await page.getByTestId('month-status').getByText('Closed on', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Close month' }).count()).toBe(0);
    await context.close();
  });
});
