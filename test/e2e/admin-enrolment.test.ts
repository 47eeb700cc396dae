/**
 * A new owner's enrolment in Chromium: the link `npm run admin:enrol` printed opens a page naming their address; they
 * choose a password (the rules shown, a mismatch refused beside the form), set up their authenticator app, and land
 * in the admin panel as an owner. The same link opened again, and a link past its time, say so instead.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENROLMENT_HOURS } from '../../functions/accounts/domain/admin-enrolment.js';
import { enrolmentLink, issueAdminEnrolment } from '../../functions/accounts/admin-enrolment.js';
import { findUserByEmail } from '../../functions/accounts/users.js';
import { runAdminEnrol } from '../support/admin-enrol.js';
import { baseUrl, useCloudEnv } from '../support/cloud.js';
import { codeOfNextStep } from '../support/signed-in.js';
import { launch, newPage, poll, viewports } from './browser.js';
import { headerState } from './steps.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

const REFUSED = 'This enrolment link has expired or was already used. Ask for a new one.';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('enrolling the first owner by a one-time link', () => {
  it('chooses a password, sets up the authenticator app and reaches the admin panel; the link then no longer works', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const { link } = await runAdminEnrol(email);
    const { page } = await newPage(browser, viewports.desktop);
    await page.goto(link!);

    await page.getByRole('heading', { name: 'Set up your admin account' }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByText('At least 8 characters').waitFor();
    const password = `correct horse ${Date.now()}`;
    await page.getByLabel('Choose a password').fill(password);
    await page.getByLabel('Type it again').fill(`${password}!`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText('The two passwords are not the same.').waitFor();
    await page.getByLabel('Type it again').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
    const secret = (await page.locator('[data-testid=totp-secret]').textContent())!.trim();
    const owner = (await findUserByEmail(email))!;
    await page.getByLabel('6-digit code').fill(await codeOfNextStep(owner.id, secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await page.getByRole('checkbox', { name: 'I saved my recovery codes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/admin$/);
    await poll(() => headerState(page)).toBe('signed-in');
    // An owner sees every section, the people's with who may do what among them.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'People' }).waitFor();

    const again = await newPage(browser, viewports.phone);
    await again.page.goto(link!);
    await again.page.getByRole('alert').getByText(REFUSED).waitFor();
    expect(await again.page.getByLabel('Choose a password').count()).toBe(0);
  });

  it('says an expired link is no longer valid, on a phone', async () => {
    const at = new Date(Date.now() - (ADMIN_ENROLMENT_HOURS * 3600 + 1) * 1000);
    const { token } = await issueAdminEnrolment(`late-${Date.now()}@example.com`, {
      actor: 'ops:test',
      correlationId: 'e2e-enrol',
      at,
      eventStore: dynamoEventStore,
    });
    const { page } = await newPage(browser, viewports.phone);
    await page.goto(enrolmentLink(baseUrl(), token));
    await page.getByRole('heading', { name: 'Enrolment link not valid' }).waitFor();
    await page.getByText(REFUSED).waitFor();
  });
});
