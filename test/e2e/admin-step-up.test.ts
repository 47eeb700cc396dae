/**
 * The step-up dialog in Chromium, for an admin without their phone: a sensitive act (a role change) asks for a fresh
 * code, the dialog offers a recovery code instead, a wrong one is said beside the field, a saved one lets the act go
 * on, and that code never works again.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, signedInListener } from '../support/signed-in.js';
import { hashPassword } from '../../functions/accounts/passwords.js';
import { runUserCommand } from '../../functions/accounts/users.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('step-up without the authenticator app', () => {
  it('an owner confirms a role change with a recovery code, which then is spent', async () => {
    const [owner, person] = await Promise.all([signedInAdmin(), signedInListener()]);
    // An admin signs in with a password: the person has one first.
    await runUserCommand(
      person.userId,
      { type: 'SetPassword', passwordHash: await hashPassword(`pw-${person.email}`) },
      { actor: 'test', correlationId: `e2e-${person.userId}`, eventStore: dynamoEventStore },
    );
    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, owner);
    await page.goto(`${baseUrl()}/admin/people/${encodeURIComponent(person.userId)}`);
    await page.getByRole('heading', { name: person.displayName }).waitFor();

    await page.getByTestId('change-role').click();
    const form = page.getByTestId('role-form');
    await form.getByTestId('permission-catalogue').click();
    await form.getByRole('button', { name: 'Make admin' }).click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.getByLabel('Authenticator code').waitFor();
    await stepUp.getByRole('button', { name: 'Use a recovery code' }).click();
    const field = stepUp.getByLabel('Recovery code');
    await poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await field.fill('zzzzz-zzzzz');
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await stepUp.getByText(/That recovery code is not right/).waitFor();
    await field.fill(owner.recoveryCodes[0]);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await stepUp.waitFor({ state: 'hidden' });
    await toastShown(page, 'Now an admin');
    await page.getByTestId('listener-profile').getByText('Catalogue', { exact: true }).waitFor();
    await context.close();

    // The code is spent: it opens no other step-up.
    const again = await owner.callAsIs('/api/auth/admin/step-up', { method: 'POST', json: { recoveryCode: owner.recoveryCodes[0] } });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_recovery_code' } });
  });
});
