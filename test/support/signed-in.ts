/**
 * Fresh signed-in people for tests over HTTP: a listener or an admin made through the user commands, a session token
 * for them, and the codes of an admin's authenticator app.
 */
import { randomUUID } from 'node:crypto';
import { setAdminRole } from '../../functions/accounts/admin-roster.js';
import { hashPassword } from '../../functions/accounts/passwords.js';
import { issueSessionToken, recordAdminActivity } from '../../functions/platform/session.js';
import type { AdminPermission } from '../../events/index.js';
import {
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  recoveryCodeHash,
  sealTotpSecret,
  totpCode,
} from '../../functions/accounts/totp.js';
import { loadUser, runUserCommand, signInWithEmail } from '../../functions/accounts/users.js';
import { getView } from '../../functions/platform/views.js';
import { userKey, type UserView } from '../../functions/accounts/projections/users.js';
import { api, eventually } from './cloud.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

export interface TestListener {
  userId: string;
  email: string;
  displayName: string;
  token: string;
  /** `api()` with this listener's bearer token. */
  call: (path: string, init?: Parameters<typeof api>[1]) => ReturnType<typeof api>;
}

/**
 * Call after `useCloudEnv()`. A `toko_plus` listener holds a subscription with no end date. Signed in by code now, or
 * `minutesAgo` (a session past the few minutes in which changing the address needs no code).
 */
export async function signedInListener(tier: 'free' | 'toko_plus' = 'free', { minutesAgo = 0 } = {}): Promise<TestListener> {
  const tag = randomUUID().slice(0, 8);
  const email = `listener-${tag}@example.com`;
  const displayName = `Listener ${tag}`;
  const context = { actor: 'test', correlationId: `test-${tag}`, eventStore: dynamoEventStore };
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const { user, sessionId } = await signInWithEmail(email, 'email_code', displayName, { ...context, at });
  if (tier === 'toko_plus') {
    await runUserCommand(
      user.id,
      {
        type: 'ChangeSubscriptionTier',
        tier,
        status: 'active',
        source: 'stripe',
        startedAt: new Date().toISOString(),
        expiresAt: null,
        stripeSubscriptionId: null,
      },
      context,
    );
  }
  const token = await issueSessionToken({ userId: user.id, sessionId });
  const call = (path: string, init: Parameters<typeof api>[1] = {}) =>
    api(path, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  return { userId: user.id, email, displayName, token, call };
}

export interface TestAdmin extends TestListener {
  /** The base32 secret of the admin's authenticator app. */
  secret: string;
  /** The recovery codes shown at the enrolment, each good for one sign-in or step-up. */
  recoveryCodes: string[];
  /** Gives a fresh code of the app (step-up): for 5 minutes the session's sensitive acts go through. */
  stepUp: () => Promise<void>;
  /** `call` without the step-up it gives by itself when a sensitive act asks for one. */
  callAsIs: TestListener['call'];
}

/**
 * The password every test admin is given: never typed (the session is made here), so one hash, made once per worker,
 * does for all of them. A hash costs about 0.7 CPU-seconds (scrypt at OWASP's cost), and 79 places in the tests make admins.
 */
let untypedPasswordHash: Promise<string> | undefined;

/**
 * A fresh signed-in admin, as if it had passed its second factor: an account with a password and an authenticator
 * app, on the roster of admins with `permissions` (an owner's by default), and a session whose activity is recorded (an
 * admin session without it, or idle 12 hours, is refused). Its `call` answers a sensitive act's `step_up_required` as
 * the app does: with a fresh code of the authenticator, then the same request again.
 */
export async function signedInAdmin(permissions: AdminPermission[] = ['owner']): Promise<TestAdmin> {
  const listener = await signedInListener();
  const context = { actor: 'test', correlationId: `test-${randomUUID().slice(0, 8)}`, eventStore: dynamoEventStore };
  await runUserCommand(
    listener.userId,
    { type: 'SetPassword', passwordHash: await (untypedPasswordHash ??= hashPassword(randomUUID())) },
    context,
  );
  await setAdminRole(listener.userId, { role: 'admin', permissions }, 'test', context);
  const { secret } = newTotpSecret(listener.email);
  const sessionId = randomUUID();
  const recoveryCodes = newRecoveryCodes();
  await runUserCommand(
    listener.userId,
    {
      type: 'EnrolTotp',
      secretCiphertext: sealTotpSecret(listener.userId, secret),
      recoveryCodeHashes: recoveryCodes.map((c) => recoveryCodeHash(listener.userId, c)),
      sessionId,
      codeVerified: true,
    },
    context,
  );
  await recordAdminActivity(sessionId);
  const token = await issueSessionToken({ userId: listener.userId, sessionId });
  const callAsIs = (path: string, init: Parameters<typeof api>[1] = {}) =>
    api(path, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  // One step-up at a time, as the app's one dialog: two at once would send two codes, and the server, which takes each
  // time step once and none older than the last, could meet the later one first and refuse the earlier as used.
  let steppingUp: Promise<void> | undefined;
  const stepUp = () =>
    (steppingUp ??= (async () => {
      const code = await codeOfNextStep(listener.userId, secret);
      const answer = await callAsIs('/api/auth/admin/step-up', { method: 'POST', json: { code } });
      if (answer.status !== 200) throw new Error(`step-up refused: ${answer.status} ${JSON.stringify(answer.body)}`);
    })().finally(() => (steppingUp = undefined)));
  const call = async (path: string, init: Parameters<typeof api>[1] = {}) => {
    const answer = await callAsIs(path, init);
    if (answer.status !== 403 || answer.body?.error !== 'step_up_required') return answer;
    await stepUp();
    return callAsIs(path, init);
  };
  // Sessions check the role from the log at once; the screens that name an admin (histories, people) read the users
  // view, which takes the role a moment later: an admin long made, as the tests' readers expect.
  await eventually(async () => (await getView<UserView>(userKey(listener.userId)))?.role === 'admin', 60_000, 100);
  return { ...listener, token, call, callAsIs, secret, recoveryCodes, stepUp };
}

const lastStep = new Map<string, number>();
/**
 * What the admin's authenticator app shows now, from the secret sealed in their stream: each call a code of a later
 * time step than the one before (the server takes a code once), waiting for the next step when it must.
 */
export async function nextTotpCode(userId: string): Promise<string> {
  const state = await loadUser(userId);
  if (!state.totpSecretCiphertext) throw new Error(`${userId} has no authenticator app set up`);
  return codeOfNextStep(userId, openTotpSecret(userId, state.totpSecretCiphertext));
}

/** The code of `secret` (base32) for the next time step not used yet for this account. */
export async function codeOfNextStep(userId: string, secret: string): Promise<string> {
  const current = Math.floor(Date.now() / 30_000);
  const step = Math.max(current, (lastStep.get(userId) ?? 0) + 1);
  // One step ahead is accepted; further ahead, wait for the clock.
  if (step > current + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 50));
  lastStep.set(userId, step);
  return totpCode(secret, new Date(step * 30_000 + 1_000));
}
