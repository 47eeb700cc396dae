/**
 * Taking a listener's account before they arrive (account pre-hijacking), through HTTP on the local cloud: an address
 * is in force only once its owner proved it, its first proof ends what came before, and a change of address is
 * confirmed by both addresses.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { findUserByEmail } from '../../functions/accounts/users.js';
import { getView } from '../../functions/platform/views.js';
import { userPendingEmailKey } from '../../functions/accounts/projections/users.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import {
  asBrowser,
  confirmationLinkOf,
  emailChangeCodeOf,
  freshEmail,
  inbox,
  sessionCookieOf,
  signedInUser,
  signUpByCode,
} from './accounts-helpers.js';

beforeAll(useCloudEnv);

/** A stranger opens an account under the victim's address with a password of their own, and a beta code. */
async function betaSignupAs(email: string) {
  const username = `mallory_${randomUUID().slice(0, 8)}`;
  const password = `mallory-${randomUUID()}`;
  const res = await api('/api/users/beta-signup', {
    method: 'POST',
    json: { fullName: 'Mallory', username, email, password, betaCode: 'TOKO-PLUS-BETA' },
  });
  expect(res.status).toBe(200);
  return { username, password, accountId: res.body.user.id as string, headers: asBrowser(sessionCookieOf(res.headers)!) };
}

describe('a beta signup under someone else’s address', () => {
  it('signs nobody in by its password, and the owner’s first sign-in by code ends the stranger’s session and password', async () => {
    const victim = freshEmail('victim');
    const mallory = await betaSignupAs(victim);
    expect((await api('/api/users/me', { headers: mallory.headers })).body).toMatchObject({
      email: victim,
      emailVerified: false,
      isSubscriber: false,
    });
    // The right password is told the address waits for its proof; by the address itself, the account is not found.
    expect(
      (await api('/api/auth/login', { method: 'POST', json: { username: mallory.username, password: mallory.password } })).body,
    ).toMatchObject({
      error: 'email_not_confirmed',
    });
    expect((await api('/api/auth/login', { method: 'POST', json: { email: victim, password: mallory.password } })).body).toMatchObject({
      error: 'invalid_credentials',
    });
    // The pending address reserves nothing: it is not "taken" against its owner.
    expect(await findUserByEmail(victim)).toBeUndefined();
    await eventually(async () => (await getView<{ userId: string }>(userPendingEmailKey(victim)))?.userId === mallory.accountId);

    const owner = await signUpByCode(victim);
    expect(owner.user.id).toBe(mallory.accountId);

    expect((await api('/api/users/me', { headers: mallory.headers })).status).toBe(401);
    for (const json of [{ username: mallory.username }, { email: victim }]) {
      expect(await api('/api/auth/login', { method: 'POST', json: { ...json, password: mallory.password } })).toMatchObject({
        status: 401,
        body: { error: 'invalid_credentials' },
      });
    }
    expect((await api('/api/users/me', { headers: asBrowser(owner.token) })).body).toMatchObject({
      id: mallory.accountId,
      emailVerified: true,
      subscriptionSource: 'beta',
    });
    const told = await eventually(async () => (await inbox(victim)).find((m) => m.subject.includes('now yours alone')));
    expect(told.body.text).toContain('password set on it before you confirmed your address has been removed');
    // Before its proof the address received its confirmation mail and nothing else.
    expect((await inbox(victim)).map((m) => m.subject).filter((s) => !/sign-in code|now yours alone|Welcome/.test(s))).toEqual([
      expect.stringMatching(/^Confirm your e-mail/),
    ]);
  });

  it('its confirmation link, followed by the owner elsewhere, signs the owner in and locks the stranger out', async () => {
    const victim = freshEmail('victim-link');
    const mallory = await betaSignupAs(victim);
    const confirmed = await api('/api/auth/verify-email', { method: 'POST', json: await confirmationLinkOf(victim) });
    expect(confirmed).toMatchObject({ status: 200, body: { signedIn: true } });
    expect((await api('/api/users/me', { headers: asBrowser(sessionCookieOf(confirmed.headers)!) })).body.id).toBe(mallory.accountId);
    expect((await api('/api/users/me', { headers: mallory.headers })).status).toBe(401);
    expect(
      (await api('/api/auth/login', { method: 'POST', json: { username: mallory.username, password: mallory.password } })).status,
    ).toBe(401);
  });
});

describe('an e-mail change to an address the listener does not own', () => {
  it('needs the code from the current address, keeps that one in force, and never gives the new one to the account unconfirmed', async () => {
    // Signed in a while ago: a session that just signed in by code needs none (accounts-profile.test.ts).
    const mallory = await signedInUser('mallory', { minutesAgo: 20 });
    const victim = freshEmail('victim-change');
    const asked = await api('/api/users/me/email', { method: 'POST', json: { email: victim }, headers: mallory.headers });
    expect(asked.body).toMatchObject({ codeSent: true });
    // Without the code mailed to the current address nothing changes.
    expect((await api('/api/users/me/email/confirm', { method: 'POST', json: { code: '123456' }, headers: mallory.headers })).status).toBe(
      400,
    );
    const code = await emailChangeCodeOf(mallory.email);
    expect(
      (await api('/api/users/me/email/confirm', { method: 'POST', json: { code }, headers: mallory.headers })).body.user,
    ).toMatchObject({ email: mallory.email, pendingEmail: victim });

    // The owner of the address signs in by code to an account of their own, and the stranger's link is then refused.
    const owner = await signUpByCode(victim);
    expect(owner.user.id).not.toBe(mallory.userId);
    expect(await api('/api/auth/verify-email', { method: 'POST', json: await confirmationLinkOf(victim) })).toMatchObject({
      status: 409,
      body: { error: 'email_taken' },
    });
    expect((await api('/api/users/me', { headers: mallory.headers })).body).toMatchObject({ email: mallory.email });
  });
});

describe('smart sign-in', () => {
  it('answers an admin’s address as it answers any listener’s, and mails the admin that they sign in with a password', async () => {
    const adminEmail = inject('cloudEnv').ADMIN_EMAIL;
    const listener = await signUpByCode(freshEmail('listener'));
    const admin = await api('/api/auth/smart-signin', { method: 'POST', json: { email: adminEmail } });
    const anyone = await api('/api/auth/smart-signin', { method: 'POST', json: { email: listener.user.email } });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual(anyone.body);
    await eventually(async () => (await inbox(adminEmail)).find((m) => m.subject.includes('with your password')));
  });
});
