/**
 * The artists' statements in Chromium: a month's artists with their totals, one artist's statement with its lines,
 * its CSV, the printed page (the statement alone), and closing the month after a confirmation; and an artist's split
 * terms on their admin page.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../../functions/platform/event-store.js';
import { baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { newArtist } from '../support/catalogue.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, signIn, toastShown, viewports } from './browser.js';
import { addArtist } from './steps.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('the artists’ statements', () => {
  it('shows a month’s artists, one artist’s lines with CSV and a printable page, and closes the month', async () => {
    const admin = await signedInAdmin();
    // An artist of its own: a seeded one's terms are set by other files running beside this one.
    const { id: artistId, name: artistName } = await newArtist(admin);
    // Half of the merch to the artist.
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
    // The page opens on the month under way.
    expect(await page.getByLabel('Month').inputValue()).toBe(new Date().toISOString().slice(0, 7));
    await page.getByTestId('month-statements').or(page.getByText('No artist earned anything this month')).first().waitFor();
    await page.getByLabel('Month').fill(month);
    await page.waitForURL(new RegExp(`month=${month}`));
    await page.getByTestId('month-statements').getByRole('button', { name: artistName }).click();
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

  it('shows an artist’s split terms on their admin page, the default first, and sets new ones that join the history', async () => {
    const admin = await signedInAdmin(['catalogue', 'money']);
    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    const name = `Terms ${randomUUID().slice(0, 8)}`;
    await addArtist(page, name);
    const terms = page.getByTestId('artist-terms');
    await terms.getByTestId('current-terms').getByText('no contract set yet', { exact: false }).waitFor();
    expect(await terms.getByTestId('current-terms').textContent()).toContain('Album sales 50% · Toko+ 50% · Merch 50%');

    // A share over 100% is refused beside its field, and nothing is set.
    await terms.getByLabel("Label's share of merch (%)").fill('120');
    await terms.getByRole('button', { name: 'Set terms' }).click();
    await terms.getByText('Enter a percentage from 0 to 100', { exact: false }).waitFor();
    expect(await terms.getByLabel("Label's share of merch (%)").getAttribute('aria-invalid')).toBe('true');

    await terms.getByLabel("Label's share of album sales (%)").fill('40');
    await terms.getByLabel("Label's share of merch (%)").fill('12.5');
    await terms.getByRole('button', { name: 'Set terms' }).click();
    await toastShown(page, `${name}'s terms are set`);
    await terms.getByTestId('current-terms').getByText('Album sales 40% · Toko+ 50% · Merch 12.5%', { exact: false }).waitFor();
    expect(await terms.getByTestId('current-terms').textContent()).not.toContain('no contract set yet');

    // Opened again once the history is recorded, the page reads the terms and their history from the server.
    const artistId = (await admin.call('/api/admin/artists')).body.artists.find((a: { name: string }) => a.name === name).id as string;
    await eventually(async () => (await admin.call(`/api/admin/contracts/${artistId}`)).body.history.length === 1, 30_000);
    await page.reload();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByTestId('terms-history').getByText('Album sales 40% · Toko+ 50% · Merch 12.5%').waitFor();
    expect(await page.getByTestId('terms-history').getByRole('listitem').count()).toBe(1);
    await context.close();
  });

  it('leaves the split terms out of the artist’s page for an admin who does not handle money', async () => {
    const admin = await signedInAdmin(['catalogue']);
    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    const { artistForm } = await addArtist(page, `No terms ${randomUUID().slice(0, 8)}`);
    await artistForm.waitFor();
    expect(await page.getByTestId('artist-terms').count()).toBe(0);
    await context.close();
  });
});
