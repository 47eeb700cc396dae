/**
 * The label's money and a fan's data in one journey, in Chromium: a listener buys a new
 * artist's album through the cart and the Stripe sandbox, joins Toko+ and plays it; the same fan orders merch through
 * the Shopify sandbox; the admin finds all three on the dashboard, reads and exports the artist's statement and closes
 * a month; the fan downloads their data and deletes the account, and signing up again with the address starts afresh.
 *
 * The cloud is shared with every other test file: the figures are compared with their values before the journey, and
 * the artist is the journey's own. The month the journey happens in cannot be closed (it is not over, and other tests
 * still write in it), so the admin is refused there and closes a long-past month of the journey's own.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DashboardAnswer } from '../../functions/dashboard/contract/admin-dashboard.js';
import { sandboxProducts } from '../../infra/local/shopify-sandbox/catalogue.js';
import { baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { newArtist, readyDraft, tag } from '../support/catalogue.js';
import { signedInAdmin, signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, scratchDir, signIn, toastShown, viewports } from './browser.js';
import { bagMerch, deleteMyAccount, downloadMyData, openShopCheckout, payOnSandbox, payShopCheckout, signUp } from './steps.js';

const dir = scratchDir('toko-e2e-label-journey-');
const cap = sandboxProducts.find((p) => p.handle === 'toko-dad-cap')!;

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const today = () => new Date().toISOString().slice(0, 10);
const figure = (page: Page, label: string) =>
  page
    .getByTestId('dashboard-figure')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();
const count = async (page: Page, label: string) => Number((await figure(page, label).textContent())?.replace(/,/g, ''));

describe('the label’s money and a fan’s data, end to end', () => {
  it('a fan buys, joins, plays and orders merch; the admin sees it, exports the statement and closes a month; the fan takes their data and leaves', async () => {
    const admin = await signedInAdmin();
    const artist = await newArtist(admin, `Ledger Artist ${tag()}`);
    const { albumId, title } = await readyDraft(admin, artist.id, {}, { playable: 6 });
    expect((await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' })).status).toBe(200);
    await eventually(async () => (await admin.call(`/api/albums/${albumId}`)).status === 200, 30_000);
    const before = ((await admin.call(`/api/admin/dashboard?from=${today()}&to=${today()}`)).body as DashboardAnswer).current;

    // 1. The listener buys the album: the cart, the Stripe sandbox's form, the receipt and the purchase history.
    const fan = await signedInListener();
    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, fan);
    await page.goto(`/album/${albumId}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Added to Cart' }).getByRole('button', { name: 'View Cart' }).click();
    const cart = page.getByRole('dialog').filter({ has: page.getByTestId('album-cart') });
    await poll(() => cart.getByTestId('cart-total').textContent()).toBe('$8.00');
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    const { pay } = await payOnSandbox(page);
    expect(await pay.textContent()).toContain('$8.00');
    await pay.click();
    await page.waitForURL(/\/checkout\/success\?session_id=cs_test_\w+/, { timeout: 30_000 });
    const receipt = page.getByTestId('checkout-success-page');
    await receipt.getByRole('heading', { name: 'Purchase Complete!' }).waitFor({ timeout: 30_000 });
    await poll(() => receipt.getByTestId('checkout-album').allTextContents()).toEqual([expect.stringContaining(title)]);
    await receipt.getByRole('link', { name: 'View Purchases' }).click();
    await page.waitForURL('**/purchases');
    await poll(() => page.locator(`[data-testid=purchase][data-album-id="${albumId}"] [data-testid=purchase-price]`).textContent()).toBe(
      '$8.00',
    );

    // … joins Toko+ at $10 on the sandbox's hosted page, and plays a track of the album as a member: a qualifying play.
    await page.goto('/upgrade');
    await page.getByRole('button', { name: 'Choose $10.00/month' }).click();
    await page.waitForURL(new RegExp(`^${inject('stripeSandboxUrl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/cs_`), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.waitForURL(/\/subscription\/success\?session_id=cs_/, { timeout: 20_000 });
    await poll(() => page.getByTestId('subscription-success-page').getAttribute('data-state'), 20_000).toBe('subscribed');
    await page.goto(`/album/${albumId}`);
    const played = page.waitForRequest((r) => r.url().endsWith('/api/track-play') && r.method() === 'POST', { timeout: 40_000 });
    await page
      .locator('[data-testid=track-row]', { hasText: 'Song 1' })
      .getByRole('button', { name: /^Play / })
      .click();
    expect((await (await played).response())?.status()).toBe(202);

    // 2. The fan orders the label's cap through the Shopify sandbox; the order arrives by webhook.
    await bagMerch(page, { handle: cap.handle, search: 'cap' });
    const shop = await openShopCheckout(context, page);
    const total = (await shop.getByTestId('total').textContent())!;
    await payShopCheckout(shop, total);
    await shop.close();

    // 3. The admin's dashboard for today: the sale, the member and the merch order, and the artist's play and sale.
    const desk = await newPage(browser, viewports.desktop);
    await signIn(desk.context, admin);
    const office = desk.page;
    await office.goto(`${baseUrl()}/admin?from=${today()}&to=${today()}`);
    await office.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const refreshed = async (label: string) => {
      await office.reload();
      return count(office, label);
    };
    await poll(() => refreshed('Albums sold'), 30_000).toBeGreaterThanOrEqual(before.sales.albumsSold + 1);
    await poll(() => refreshed('Toko+ members'), 30_000).toBeGreaterThanOrEqual(before.membership.activeMembers + 1);
    await poll(() => refreshed('Merch orders'), 30_000).toBeGreaterThanOrEqual(before.merch.orders + 1);
    const artistRow = office.getByRole('region', { name: 'Artists', exact: true }).locator('tr', { hasText: artist.name });
    // Artist, plays, sold, gross: one play and one album at $8.00.
    await poll(async () => (await artistRow.locator('th, td').allTextContents()).slice(0, 4), 30_000).toEqual([
      artist.name,
      '1',
      '1',
      '$8.00',
    ]);

    // The artist's statement of this month: the album's sale and the share of Toko+ its member play earns.
    const month = today().slice(0, 7);
    await office.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Statements' }).click();
    await office.getByRole('heading', { name: 'Statements' }).waitFor();
    // The statements open on the month under way.
    await poll(() => office.getByLabel('Month').inputValue()).toBe(month);
    await office.getByRole('button', { name: artist.name }).click();
    const statement = office.getByTestId('artist-statement');
    await statement.getByRole('rowheader', { name: `Album sales: ${title}` }).waitFor();
    await statement.getByRole('rowheader', { name: 'Toko+ share (1 member plays)' }).waitFor();
    const [download] = await Promise.all([office.waitForEvent('download'), statement.getByRole('button', { name: 'CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`statement-${artist.id}-${month}.csv`);
    const csv = `${dir}/statement.csv`;
    await download.saveAs(csv);
    const lines = readFileSync(csv, 'utf8').trim().split(/\r?\n/);
    // Line, album, gross, Stripe fees, refunds, net, label share, label, artist, events.
    expect(lines.find((line) => line.startsWith('Album sales,'))).toMatch(
      new RegExp(`^Album sales,${title},8\\.00,\\d+\\.\\d\\d,0\\.00,\\d+\\.\\d\\d,50%,\\d+\\.\\d\\d,\\d+\\.\\d\\d,\\S+ \\S+$`),
    );

    // This month is not over: it offers no closing, and says when it can be. A long-past month of the journey's own is closed.
    await office.getByTestId('month-under-way').getByText('it can be closed once it is over', { exact: false }).waitFor();
    expect(await office.getByRole('button', { name: 'Close month' }).count()).toBe(0);
    const past = `19${String(10 + Math.floor(Math.random() * 89))}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
    await office.getByLabel('Month').fill(past);
    await office.waitForURL(new RegExp(`month=${past}`));
    await office.getByRole('button', { name: 'Close month' }).click();
    await office
      .getByRole('dialog', { name: `Close ${past}?` })
      .getByRole('button', { name: `Close ${past}` })
      .click();
    await toastShown(office, `${past} is closed`);
    await office.getByTestId('month-status').getByText('Closed on', { exact: false }).waitFor();
    await desk.context.close();

    // 4. The fan downloads their data: the purchase, the play and the membership are in it.
    const { data } = await downloadMyData(page);
    expect(data.userId).toBe(fan.userId);
    expect(data.purchases.flatMap((p) => p.albums.map((a) => a.albumId))).toContain(albumId);
    expect(data.plays.map((p) => p.albumId)).toContain(albumId);
    expect(data.memberships.length).toBeGreaterThan(0);

    // … deletes the account with the mailed code, and is signed out.
    await deleteMyAccount(page, fan.email);
    await page.goto('/account');
    await page.getByTestId('signed-out-notice').waitFor({ timeout: 15_000 });

    // Signing up again with the same address gives a new, empty account.
    await page.goto('/');
    await signUp(page, fan.email);
    const again = (await (await page.request.get('/api/users/me/export')).json()) as typeof data;
    expect(again.userId).not.toBe(fan.userId);
    expect(again.purchases).toEqual([]);
    await page.goto('/purchases');
    await page.getByText('No purchases yet').waitFor();
    await context.close();
  }, 600_000);
});
