/** Shared steps of the accounts tests: fresh addresses, the local inbox, signing up through HTTP or directly. */
import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { issueSessionToken, SESSION_COOKIE } from '../../functions/platform/session.js';
import { findUserByEmail, signInWithEmail } from '../../functions/accounts/users.js';
import { api, baseUrl, eventually } from '../support/cloud.js';
import { codeOfNextStep, nextTotpCode } from '../support/signed-in.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

export const freshEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 12)}@example.com`;

interface InboxMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

export async function inbox(to: string): Promise<InboxMail[]> {
  const res = await fetch(`${inject('inboxUrl')}/store`);
  const { emails } = (await res.json()) as { emails: InboxMail[] };
  return emails.filter((m) => m.destination.to.some((t) => t.toLowerCase().includes(to.toLowerCase())));
}

export interface SignInMail {
  code: string;
  linkToken: string;
  mail: InboxMail;
}

const readSignIn = (mail: InboxMail): SignInMail | undefined => {
  const code = /sign-in code is (\d{6})/.exec(mail.subject)?.[1];
  const linkToken = /\/magic-login\?token=([\w-]+)/.exec(mail.body.text ?? '')?.[1];
  return code && linkToken ? { code, linkToken, mail } : undefined;
};

/** Waits for the `count`-th sign-in message to the address (1 = the first ever). */
export async function signInMail(to: string, count = 1): Promise<SignInMail> {
  return eventually(async () => {
    const mails = (await inbox(to)).map(readSignIn).filter((m): m is SignInMail => m !== undefined);
    return mails.length >= count ? mails[count - 1] : undefined;
  });
}

/** The value of the session cookie a response sets ('' when it clears it), or undefined. */
export function sessionCookieOf(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    if (cookie.startsWith(`${SESSION_COOKIE}=`)) return cookie.slice(SESSION_COOKIE.length + 1).split(';')[0];
  }
  return undefined;
}

/** Headers of a browser tab of the app signed in with this session token. */
export const asBrowser = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}`, origin: baseUrl() });

/** Signs up through HTTP the way the sign-in modal does: smart sign-in, the mailed code, verify. */
export async function signUpByCode(email: string) {
  const sent = await api('/api/auth/smart-signin', { method: 'POST', json: { email } });
  expect(sent.status).toBe(200);
  const { code } = await signInMail(email);
  const verified = await api('/api/auth/verify-code', { method: 'POST', json: { email, code } });
  expect(verified.status).toBe(200);
  return { token: sessionCookieOf(verified.headers)!, user: verified.body.user as { id: string; email: string } };
}

/**
 * A signed-in user made directly (no mail): for tests about what a user may do, not about signing in. Signed in now,
 * or `minutesAgo` (a session past the few minutes in which changing the address needs no code).
 */
export async function signedInUser(tag: string, { minutesAgo = 0 } = {}) {
  const email = freshEmail(tag);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const { user, sessionId } = await signInWithEmail(email, 'email_code', null, {
    actor: 'test',
    correlationId: randomUUID(),
    at,
    eventStore: dynamoEventStore,
  });
  const token = await issueSessionToken({ userId: user.id, sessionId });
  return { email, userId: user.id, token, headers: asBrowser(token) };
}

/**
 * Signs an admin in through HTTP as the sign-in form does: the password, then the authenticator app's code (setting
 * the app up first when the account has none). Answers the session token.
 */
export async function signInAsAdmin(email: string, password: string): Promise<string> {
  const login = await api('/api/auth/login', { method: 'POST', json: { email, password } });
  expect(login.status).toBe(200);
  expect(sessionCookieOf(login.headers)).toBeUndefined();
  const { challenge, requiresTotpEnrolment } = login.body as { challenge: string; requiresTotpEnrolment: boolean };
  const userId = (await findUserByEmail(email))!.id;
  let signedIn;
  if (requiresTotpEnrolment) {
    const { secret } = (await api('/api/auth/admin/totp/enrolment', { method: 'POST', json: { challenge } })).body as { secret: string };
    const code = await codeOfNextStep(userId, secret);
    signedIn = await api('/api/auth/admin/totp/confirm', { method: 'POST', json: { challenge, code } });
  } else {
    signedIn = await api('/api/auth/admin/totp/verify', { method: 'POST', json: { challenge, code: await nextTotpCode(userId) } });
  }
  expect(signedIn.status).toBe(200);
  return sessionCookieOf(signedIn.headers)!;
}

/** The last confirmation link mailed to the address, as the page posts it: its token and address. */
export async function confirmationLinkOf(to: string, count = 1): Promise<{ token: string; email: string }> {
  return eventually(async () => {
    const mails = (await inbox(to)).filter((m) => m.subject.startsWith('Confirm your e-mail'));
    if (mails.length < count) return undefined;
    const link = new URL(/(http\S+\/verify-email\?\S+)/.exec(mails[count - 1].body.text!)![1]);
    return { token: link.searchParams.get('token')!, email: link.searchParams.get('email')! };
  });
}

/** The code mailed to the address in force to change it. */
export async function emailChangeCodeOf(to: string): Promise<string> {
  return eventually(async () => {
    const mail = (await inbox(to)).find((m) => m.subject.includes('code to change your e-mail address'));
    return mail ? /is (\d{6})/.exec(mail.subject)![1] : undefined;
  });
}

/** A fan signs up on the band page and follows the link mailed to them (the `nth` such mail; double opt-in): they are on the list. */
export async function signUpFan(email: string, nth = 1): Promise<void> {
  const asked = await api('/api/band/fan-signup', { method: 'POST', json: { email }, headers: { origin: baseUrl() } });
  expect(asked.status).toBe(202);
  const token = await eventually(async () => {
    const mail = (await inbox(email)).filter((m) => m.subject.startsWith('Confirm your signup'))[nth - 1];
    return mail && new URL(/(http\S+\/dirtytexans-signup\?confirm=\S+)/.exec(mail.body.text!)![1]).searchParams.get('confirm');
  });
  const confirmed = await api('/api/band/fan-signup/confirm', { method: 'POST', json: { token }, headers: { origin: baseUrl() } });
  expect(confirmed.status).toBe(200);
}
