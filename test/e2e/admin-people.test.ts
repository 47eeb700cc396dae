/**
 * The admins' people screens in Chromium: an admin finds a listener by e-mail, grants a complimentary Toko+ (the
 * listener's exclusive page opens to them), blocks the account (its next call is refused, and signing in says why),
 * and reads what happened in the listener's history; refunds a purchase from the buyer's page (after a fresh
 * authenticator code), after which the buyer's download link stops working; and an owner makes someone an admin of the
 * catalogue alone, whose panel then lists only the catalogue.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { paidBuyer } from '../support/commerce.js';
import { signedInAdmin, signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';
import { giveFreshCode } from './steps.js';
import { hashPassword } from '../../functions/accounts/passwords.js';
import { totpCode } from '../../functions/accounts/totp.js';
import { runUserCommand } from '../../functions/accounts/users.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

const ALBUM = 'album-after-hours';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('the people screens', () => {
  it('find a listener, grant Toko+, block them and show the history', async () => {
    const [admin, listener] = await Promise.all([signedInAdmin(), signedInListener()]);
    // The search reads a view the account's events build: wait until it holds the listener.
    await eventually(
      async () => (await admin.call(`/api/admin/users?q=${encodeURIComponent(listener.email)}`)).body.items.length === 1,
      60_000,
      250,
    );

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'People' }).click();
    await page.getByRole('heading', { name: 'People' }).waitFor();
    await page.getByTestId('people-search').fill(listener.email);
    await page.waitForURL(/\/admin\/people\?q=/);
    await page.getByTestId('people-table').getByRole('link', { name: listener.displayName }).click();
    const profile = page.getByTestId('listener-profile');
    await page.getByRole('heading', { name: listener.displayName }).waitFor();
    await profile.getByText(listener.email).waitFor();
    expect(await profile.getByText('Free', { exact: true }).count()).toBe(1);

    // A complimentary Toko+ until the end the picker offers; a date in the past first, refused beside the field.
    await page.getByTestId('grant-complimentary').click();
    const grant = page.getByTestId('grant-form');
    await grant.getByLabel('Ends at').fill('2020-01-01T10:00');
    await grant.getByRole('button', { name: 'Grant Toko+' }).click();
    await grant.getByText('The end date must be in the future').waitFor();
    expect(await grant.getByLabel('Ends at').getAttribute('aria-invalid')).toBe('true');
    const endsAt = new Date(Date.now() + 14 * 86_400_000);
    const local = new Date(endsAt.getTime() - endsAt.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await grant.getByLabel('Ends at').fill(local);
    await grant.getByRole('button', { name: 'Grant Toko+' }).click();
    await toastShown(page, 'Complimentary Toko+ granted');
    await profile.getByText('Toko+ (complimentary)').waitFor();
    // The membership history names the admin who granted it by name.
    const membership = page.getByTestId('membership-history');
    await poll(() => membership.getByRole('row').nth(1).textContent()).toContain(`Admin ${admin.displayName}`);

    // The listener now sees the exclusive content as a member.
    const fan = await newPage(browser, viewports.phone);
    await signIn(fan.context, listener);
    await fan.page.goto(`${baseUrl()}/exclusive`);
    await poll(() => fan.page.locator('[data-testid=exclusive-page]').getAttribute('data-access')).toBe('member');
    await fan.context.close();

    // Blocked: the account's session ends at once, and signing in again says why.
    await page.getByTestId('block').click();
    const block = page.getByTestId('block-form');
    await block.getByLabel(/Reason/).fill('Chargebacks');
    await block.getByRole('button', { name: 'Block account' }).click();
    await toastShown(page, 'Account blocked');
    await page.getByTestId('listener-page').getByText('Blocked', { exact: true }).first().waitFor();
    expect((await listener.call('/api/users/me')).status).toBe(401);
    expect(await api('/api/auth/smart-signin', { method: 'POST', json: { email: listener.email } })).toMatchObject({
      status: 403,
      body: { error: 'account_blocked', message: expect.stringMatching(/This account is blocked/) },
    });

    // The history names what the admin did, newest first.
    const history = page.getByTestId('history-user').getByTestId('history-table');
    await history.getByText('Account blocked').first().waitFor();
    await history.getByText('Complimentary membership granted').first().waitFor();
    const rows = await history.getByRole('row').allTextContents();
    expect(rows.findIndex((row) => row.includes('Account blocked'))).toBeLessThan(
      rows.findIndex((row) => row.includes('Complimentary membership granted')),
    );
    expect(rows.find((row) => row.includes('Account blocked'))).toContain(admin.displayName);
    await context.close();
  });

  it("refunds a purchase from the buyer's page, and the buyer's download link stops working", async () => {
    const [admin, { buyer, orderId, link }] = await Promise.all([signedInAdmin(), paidBuyer(ALBUM)]);
    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/admin/people/${encodeURIComponent(buyer.userId)}`);
    const purchases = page.getByTestId('purchases-table');
    await purchases.getByText('After Hours').waitFor();
    await purchases.getByText(orderId).waitFor();

    await purchases.getByRole('button', { name: 'Refund After Hours' }).click();
    await page.getByTestId('refund-form').getByRole('button', { name: 'Refund', exact: true }).click();
    // A refund asks for a fresh code of the admin's authenticator app first.
    await giveFreshCode(page, admin);
    await toastShown(page, 'Refund');
    await purchases.getByText(/Refund requested|Refunded/).waitFor();
    expect(await purchases.getByRole('button', { name: 'Refund After Hours' }).count()).toBe(0);

    await eventually(async () => (await buyer.api(link, { redirect: 'manual' })).status === 403, 30_000);
    expect(await buyer.api(link, { redirect: 'manual' })).toMatchObject({ status: 403, body: { error: 'not_purchased' } });
    // Once Stripe's refund is applied, the purchase is gone from the buyer's page.
    await eventually(async () => (await admin.call(`/api/admin/purchases?userId=${buyer.userId}`)).body.purchases.length === 0, 30_000);
    await page.reload();
    await page.getByTestId('listener-purchases').getByText('No purchases').waitFor();
    await context.close();
  });

  it('an owner makes a listener an admin of the catalogue after a fresh code; that admin sees only the catalogue', async () => {
    const [owner, person] = await Promise.all([signedInAdmin(), signedInListener()]);
    // An admin signs in with a password: the person sets one first, as an account with one.
    await runUserCommand(
      person.userId,
      { type: 'SetPassword', passwordHash: await hashPassword(`pw-${person.email}`) },
      {
        actor: 'test',
        correlationId: `e2e-${person.userId}`,
        eventStore: dynamoEventStore,
      },
    );
    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, owner);
    await page.goto(`${baseUrl()}/admin/people/${encodeURIComponent(person.userId)}`);
    await page.getByRole('heading', { name: person.displayName }).waitFor();

    await page.getByTestId('change-role').click();
    const form = page.getByTestId('role-form');
    await form.getByRole('button', { name: 'Make admin' }).click();
    await form.getByText('Choose at least one thing this admin may do').waitFor();
    await form.getByTestId('permission-catalogue').click();
    await form.getByRole('button', { name: 'Make admin' }).click();
    // A role change asks for a fresh code: a wrong one is said beside the field, the right one goes on.
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    const wrong = String((Number(totpCode(owner.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await stepUp.getByLabel('Authenticator code').fill(wrong);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await stepUp.getByText(/That code is not right/).waitFor();
    await giveFreshCode(page, owner);
    await toastShown(page, 'Now an admin');
    await page.getByTestId('listener-profile').getByText('Catalogue', { exact: true }).waitFor();
    await context.close();

    // A catalogue admin's panel lists the catalogue's sections only; another section's address leads home.
    const cataloguer = await signedInAdmin(['catalogue']);
    const theirs = await newPage(browser, viewports.desktop);
    await signIn(theirs.context, cataloguer);
    await theirs.page.goto(`${baseUrl()}/admin`);
    const sections = theirs.page.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Releases' }).waitFor();
    expect(await sections.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Releases', 'Artists', 'Playlists', 'Videos']);
    await theirs.page.goto(`${baseUrl()}/admin/people`);
    await theirs.page.waitForURL(/\/admin\/releases$/);
    await theirs.page.goto(`${baseUrl()}/sync-manager`);
    await theirs.page.getByTestId('admins-only').waitFor();
    await theirs.context.close();
  });
});
