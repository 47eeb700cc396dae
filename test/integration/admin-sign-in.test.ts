/** An admin's sign-in through HTTP: password, then the authenticator app (set up at the first sign-in), recovery codes, limits, idle sessions. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorizer } from '../../functions/accounts/authorizer.js';
import { userStream } from '../../functions/accounts/domain/user.js';
import { readStream } from '../../functions/platform/event-store.js';
import { ensureFirstAdmin } from '../../functions/accounts/first-admin.js';
import {
  ADMIN_IDLE_SECONDS,
  BACKGROUND_HEADER,
  issueSessionToken,
  recordAdminActivity,
  resolveSession,
} from '../../functions/platform/session.js';
import { totpCode } from '../../functions/accounts/totp.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { codeOfNextStep, nextTotpCode, signedInAdmin } from '../support/signed-in.js';
import { freshEmail, inbox, sessionCookieOf, signInAsAdmin } from './accounts-helpers.js';

beforeAll(useCloudEnv);

async function newAdmin() {
  const email = freshEmail('admin');
  const password = `pw-${randomUUID()}`;
  const { userId } = (await ensureFirstAdmin({ email, password }))!;
  return { email, password, userId };
}

const login = async (email: string, password: string) => {
  const res = await api('/api/auth/login', { method: 'POST', json: { email, password } });
  expect(res.status).toBe(200);
  return res.body as { challenge: string; requiresTotp: boolean; requiresTotpEnrolment: boolean };
};
const post = (path: string, json: unknown) => api(path, { method: 'POST', json });
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('the first sign-in of an admin sets up the authenticator app', () => {
  it('password, then the QR code and secret, then a code of the app: signed in, with 10 recovery codes shown once', async () => {
    const { email, password, userId } = await newAdmin();
    const step = await api('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(step.body).toMatchObject({ success: true, requiresTotpEnrolment: true, requiresTotp: false, challenge: expect.any(String) });
    // Not signed in yet: no cookie, no token.
    expect(sessionCookieOf(step.headers)).toBeUndefined();
    expect(step.headers.get('x-auth-token')).toBeNull();
    const { challenge } = step.body as { challenge: string };

    const enrolment = await post('/api/auth/admin/totp/enrolment', { challenge });
    expect(enrolment.status).toBe(200);
    const { secret, otpauthUri } = enrolment.body as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/Toko:.*\\?issuer=Toko&secret=${secret}&algorithm=SHA1&digits=6&period=30$`));

    expect(await post('/api/auth/admin/totp/confirm', { challenge, code: '12345' })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/6-digit code/) },
    });
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    expect(await post('/api/auth/admin/totp/confirm', { challenge, code: wrong })).toMatchObject({
      status: 401,
      body: { error: 'invalid_totp_code', message: expect.stringMatching(/4 tries left/) },
    });

    const confirmed = await post('/api/auth/admin/totp/confirm', { challenge, code: await codeOfNextStep(userId, secret) });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes, user } = confirmed.body as { recoveryCodes: string[]; user: { isAdmin: boolean } };
    expect(user.isAdmin).toBe(true);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const token = sessionCookieOf(confirmed.headers)!;
    expect((await api('/api/users/me', bearer(token))).body).toMatchObject({ email, isAdmin: true });

    // The challenge is used up; the next sign-in asks for a code, no more for the set-up.
    expect(await post('/api/auth/admin/totp/confirm', { challenge, code: await codeOfNextStep(userId, secret) })).toMatchObject({
      status: 401,
      body: { error: 'challenge_expired' },
    });
    expect(await login(email, password)).toMatchObject({ requiresTotp: true, requiresTotpEnrolment: false });
    expect(await post('/api/auth/admin/totp/enrolment', { challenge: (await login(email, password)).challenge })).toMatchObject({
      status: 400,
    });

    // Neither the secret nor a recovery code is in the event log in clear.
    const log = JSON.stringify(await readStream(userStream(userId)));
    expect(log).toContain('AdminTotpEnrolled');
    expect(log).not.toContain(secret);
    for (const code of recoveryCodes) expect(log).not.toContain(code);
    expect(await inbox(email)).toEqual([]);
  });
});

describe('an enrolled admin signs in with a code of the app', () => {
  it('takes each code once, and a recovery code once', async () => {
    const { email, password, userId } = await newAdmin();
    await signInAsAdmin(email, password);

    const { challenge, requiresTotp } = await login(email, password);
    expect(requiresTotp).toBe(true);
    const code = await nextTotpCode(userId);
    const signedIn = await post('/api/auth/admin/totp/verify', { challenge, code });
    expect(signedIn).toMatchObject({ status: 200, body: { user: { email, isAdmin: true } } });
    expect((await api('/api/users/me', bearer(sessionCookieOf(signedIn.headers)!))).status).toBe(200);
    // The same code again, on a new challenge: a replay.
    expect(await post('/api/auth/admin/totp/verify', { challenge: (await login(email, password)).challenge, code })).toMatchObject({
      status: 401,
      body: { error: 'totp_code_used' },
    });
  });

  it('without the phone, a recovery code signs in once', async () => {
    const { email, password, userId } = await newAdmin();
    const first = await login(email, password);
    const { secret } = (await post('/api/auth/admin/totp/enrolment', { challenge: first.challenge })).body as { secret: string };
    const { recoveryCodes } = (
      await post('/api/auth/admin/totp/confirm', { challenge: first.challenge, code: await codeOfNextStep(userId, secret) })
    ).body as { recoveryCodes: string[] };

    const typed = ` ${recoveryCodes[3].toUpperCase()} `;
    const signedIn = await post('/api/auth/admin/totp/verify', {
      challenge: (await login(email, password)).challenge,
      recoveryCode: typed,
    });
    expect(signedIn).toMatchObject({ status: 200, body: { user: { email } } });
    expect(
      await post('/api/auth/admin/totp/verify', { challenge: (await login(email, password)).challenge, recoveryCode: recoveryCodes[3] }),
    ).toMatchObject({
      status: 401,
      body: { error: 'invalid_recovery_code' },
    });
    const used = (await readStream(userStream(userId))).filter((e) => e.type === 'AdminRecoveryCodeUsed');
    expect(used.map((e) => e.data)).toEqual([{ userId, index: 3 }]);
  });

  it('a challenge dies after 5 wrong codes, which also lock the second step; a bad or missing challenge signs nobody in', async () => {
    const { email, password, userId } = await newAdmin();
    await signInAsAdmin(email, password);
    const { challenge } = await login(email, password);
    for (let i = 4; i >= 1; i--) {
      expect(await post('/api/auth/admin/totp/verify', { challenge, code: '000000' })).toMatchObject({
        status: 401,
        body: { message: expect.stringContaining(`${i} ${i === 1 ? 'try' : 'tries'} left`) },
      });
    }
    expect(await post('/api/auth/admin/totp/verify', { challenge, code: '000000' })).toMatchObject({
      status: 429,
      body: { error: 'second_step_locked', message: expect.stringMatching(/locked until/) },
    });
    expect(await post('/api/auth/admin/totp/verify', { challenge, code: await nextTotpCode(userId) })).toMatchObject({
      status: 401,
      body: { error: 'challenge_expired' },
    });
    // A new challenge, even with the right code, waits for the lock to end.
    expect(
      await post('/api/auth/admin/totp/verify', { challenge: (await login(email, password)).challenge, code: await nextTotpCode(userId) }),
    ).toMatchObject({ status: 429, body: { error: 'second_step_locked' } });
    const mails = await eventually(async () => (await inbox(email)).length > 0 && inbox(email), 30_000, 250);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/admin sign-in is locked until/)]);
    expect(await post('/api/auth/admin/totp/verify', { challenge: 'x'.repeat(43), code: '123456' })).toMatchObject({ status: 401 });
    expect(await post('/api/auth/admin/totp/verify', { code: '123456' })).toMatchObject({ status: 400 });
  });
});

describe('admin sessions', () => {
  it('end after an hour idle, and one that never passed the second factor counts for nothing', async () => {
    const admin = await signedInAdmin();
    expect((await admin.call('/api/users/me')).status).toBe(200);

    const idle = randomUUID();
    await recordAdminActivity(idle, new Date(Date.now() - ADMIN_IDLE_SECONDS * 1000 - 5_000));
    const idleToken = await issueSessionToken({ userId: admin.userId, sessionId: idle });
    expect(await api('/api/users/me', bearer(idleToken))).toMatchObject({ status: 401 });

    const recent = randomUUID();
    await recordAdminActivity(recent, new Date(Date.now() - ADMIN_IDLE_SECONDS * 1000 + 10 * 60_000));
    const recentToken = await issueSessionToken({ userId: admin.userId, sessionId: recent });
    expect((await api('/api/users/me', bearer(recentToken))).status).toBe(200);
    // That request refreshed its activity.
    expect((await api('/api/users/me', bearer(recentToken))).status).toBe(200);

    const passwordOnly = await issueSessionToken({ userId: admin.userId, sessionId: randomUUID() });
    expect(await api('/api/users/me', bearer(passwordOnly))).toMatchObject({ status: 401 });
  });

  it('end 12 hours after their sign-in, however busy the admin kept them', async () => {
    const admin = await signedInAdmin();
    const sessionId = randomUUID();
    const signedInAt = Date.now() - 12 * 3600_000 + 60_000;
    await recordAdminActivity(sessionId, new Date(signedInAt));
    const token = await issueSessionToken({ userId: admin.userId, sessionId }, new Date(signedInAt));
    // A request every 50 minutes all day long keeps it from going idle…
    for (let at = signedInAt + 50 * 60_000; at < Date.now(); at += 50 * 60_000) {
      expect(await resolveSession(authorizer, token, new Date(at)), new Date(at).toISOString()).not.toBeNull();
    }
    expect((await api('/api/users/me', bearer(token))).status).toBe(200);
    // …but not past 12 hours from the sign-in, a minute after its last request.
    expect(await resolveSession(authorizer, token, new Date(signedInAt + 12 * 3600_000))).toBeNull();
  });

  it("move their idle clock with the admin's own requests, not with the app's background polling", async () => {
    const admin = await signedInAdmin();
    const opened = async (background: boolean) => {
      const sessionId = randomUUID();
      const signedInAt = Date.now() - 50 * 60_000;
      await recordAdminActivity(sessionId, new Date(signedInAt));
      const token = await issueSessionToken({ userId: admin.userId, sessionId }, new Date(signedInAt));
      const headers = { ...bearer(token).headers, ...(background ? { [BACKGROUND_HEADER]: '1' } : {}) };
      expect((await api('/api/users/me', { headers })).status).toBe(200);
      return resolveSession(authorizer, token, new Date(signedInAt + ADMIN_IDLE_SECONDS * 1000 + 60_000));
    };
    expect(await opened(false)).not.toBeNull();
    expect(await opened(true)).toBeNull();
  });
});
