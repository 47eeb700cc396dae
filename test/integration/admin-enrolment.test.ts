/**
 * The one-time enrolment link of a new owner, over HTTP: `npm run admin:enrol` prints it, its page reads whom it is for,
 * and using it (a password) leads into the set-up of the authenticator app; it works once, for 24 hours, the address's
 * newest link only, and its token is stored nowhere.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENROLMENT_HOURS } from '../../functions/accounts/domain/admin-enrolment.js';
import { enrolmentTokenHash, issueAdminEnrolment } from '../../functions/accounts/admin-enrolment.js';
import { env } from '../../functions/platform/env.js';
import { findUserByEmail } from '../../functions/accounts/users.js';
import { runAdminEnrol } from '../support/admin-enrol.js';
import { api, baseUrl, scanText, useCloudEnv } from '../support/cloud.js';
import { codeOfNextStep, signedInListener } from '../support/signed-in.js';
import { asBrowser, freshEmail, sessionCookieOf } from './accounts-helpers.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

beforeAll(useCloudEnv);

const REFUSED = 'This enrolment link has expired or was already used. Ask for a new one.';
const post = (path: string, json: unknown) => api(path, { method: 'POST', json });
const look = (token: string) => post('/api/auth/admin/enrolment', { token });
const use = (token: string, password = `pw-${randomUUID()}`) => post('/api/auth/admin/enrolment/complete', { token, password });
const operator = { actor: 'ops:test', correlationId: `test-${randomUUID().slice(0, 8)}`, eventStore: dynamoEventStore };
const issue = async (email: string, at = new Date()) => (await issueAdminEnrolment(email, { ...operator, at })).token;

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('npm run admin:enrol', () => {
  it('prints a link to the enrolment page of the app, which names the address it is for and its expiry', async () => {
    const email = freshEmail('owner');
    const { printed, link } = await runAdminEnrol(email.toUpperCase());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/admin/enrol\\?token=[A-Za-z0-9_-]{43}$`));
    expect(printed).toContain(email);
    const answer = await look(tokenOf(link!));
    expect(answer).toMatchObject({ status: 200, body: { email } });
    const hours = (Date.parse((answer.body as { expiresAt: string }).expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(ADMIN_ENROLMENT_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(ADMIN_ENROLMENT_HOURS);
  });

  it('refuses anything but one e-mail address', async () => {
    await expect(runAdminEnrol('not-an-address')).rejects.toMatchObject({ code: 64, stderr: expect.stringContaining('usage:') });
  });
});

describe('using an enrolment link', () => {
  it('opens an owner account with the chosen password, then sets up the authenticator app; a second use is refused', async () => {
    const email = freshEmail('owner');
    const token = await issue(email);
    const password = `pw-${randomUUID()}`;

    expect(await use(token, 'short')).toMatchObject({ status: 400, body: { message: expect.stringMatching(/at least 8 characters/) } });
    const used = await use(token, password);
    expect(used.body).toMatchObject({ success: true, requiresTotpEnrolment: true, requiresTotp: false, challenge: expect.any(String) });
    // Not signed in before the second factor.
    expect(sessionCookieOf(used.headers)).toBeUndefined();

    expect(await use(token)).toMatchObject({ status: 400, body: { error: 'enrolment_link_invalid', message: REFUSED } });
    expect(await look(token)).toMatchObject({ status: 400, body: { message: REFUSED } });

    const { challenge } = used.body as { challenge: string };
    const { secret } = (await post('/api/auth/admin/totp/enrolment', { challenge })).body as { secret: string };
    const user = (await findUserByEmail(email))!;
    const confirmed = await post('/api/auth/admin/totp/confirm', { challenge, code: await codeOfNextStep(user.id, secret) });
    expect(confirmed.status).toBe(200);
    const me = await api('/api/users/me', { headers: asBrowser(sessionCookieOf(confirmed.headers)!) });
    expect(me.body).toMatchObject({ email, isAdmin: true, adminPermissions: ['owner'] });

    // The password chosen on the page is the account's: the next sign-in asks it, then the app's code.
    const login = await post('/api/auth/login', { email, password });
    expect(login.body).toMatchObject({ requiresTotp: true, requiresTotpEnrolment: false });
  });

  it('lets only one of two tabs using the same link at once through', async () => {
    const token = await issue(freshEmail('owner'));
    const answers = await Promise.all([use(token), use(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body).toMatchObject({ message: REFUSED });
  });

  it('makes an existing listener an owner, in the same account', async () => {
    const listener = await signedInListener();
    const used = await use(await issue(listener.email));
    expect(used.status).toBe(200);
    const user = (await findUserByEmail(listener.email))!;
    expect(user).toMatchObject({ id: listener.userId, role: 'admin', permissions: ['owner'] });
  });

  it('refuses a link past its 24 hours', async () => {
    const token = await issue(freshEmail('owner'), new Date(Date.now() - (ADMIN_ENROLMENT_HOURS * 3600 + 1) * 1000));
    expect(await look(token)).toMatchObject({ status: 400, body: { error: 'enrolment_link_invalid', message: REFUSED } });
    expect(await use(token)).toMatchObject({ status: 400, body: { message: REFUSED } });
  });

  it('voids an older link of the address once a newer one is issued', async () => {
    const email = freshEmail('owner');
    const older = await issue(email);
    const newer = await issue(email);
    expect(await look(older)).toMatchObject({ status: 400, body: { message: REFUSED } });
    expect(await use(older)).toMatchObject({ status: 400, body: { message: REFUSED } });
    expect(await look(newer)).toMatchObject({ status: 200, body: { email } });
  });

  it('refuses an unknown token and a malformed one alike, without a 500', async () => {
    expect(await look(randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, ''))).toMatchObject({
      status: 400,
      body: { message: REFUSED },
    });
    expect(await look('short')).toMatchObject({ status: 400, body: { error: expect.any(String), message: expect.stringMatching(/link/) } });
    expect(await post('/api/auth/admin/enrolment/complete', { token: 'x'.repeat(43) })).toMatchObject({ status: 400 });
  });

  it('stores neither the token nor the address in plain text: the token only as its hash, the address sealed', async () => {
    const email = freshEmail('owner');
    const token = await issue(email);
    const [events, ephemeral] = await Promise.all([scanText(env().TABLE_EVENTS), scanText(env().TABLE_EPHEMERAL)]);
    expect(events).toContain(enrolmentTokenHash(token));
    for (const table of [events, ephemeral]) {
      expect(table).not.toContain(token);
      expect(table).not.toContain(email);
    }
  });
});
