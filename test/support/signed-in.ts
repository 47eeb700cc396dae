/**
 * Fresh signed-in people for tests over HTTP: a listener or an admin made through the user commands, a session token
 * for them, and the codes of an admin's authenticator app.
 */
import { randomUUID } from 'node:crypto';
import { setAdminRole } from '../../functions/lib/admin-roster.js';
import { hashPassword } from '../../functions/lib/passwords.js';
import { issueSessionToken, recordAdminActivity } from '../../functions/lib/session.js';
import { openTotpSecret, totpCode } from '../../functions/lib/totp.js';
import { loadUser, runUserCommand, signInWithEmail } from '../../functions/lib/users.js';
import { getView } from '../../functions/lib/views.js';
import { userKey, type UserView } from '../../functions/projections/users.js';
import { api, eventually } from './cloud.js';

export interface TestListener {
  userId: string;
  email: string;
  displayName: string;
  token: string;
  /** `api()` with this listener's bearer token. */
  call: (path: string, init?: Parameters<typeof api>[1]) => ReturnType<typeof api>;
}

/** Call after `useCloudEnv()`. A `toko_plus` listener holds a subscription with no end date. */
export async function signedInListener(tier: 'free' | 'toko_plus' = 'free'): Promise<TestListener> {
  const tag = randomUUID().slice(0, 8);
  const email = `listener-${tag}@example.com`;
  const displayName = `Listener ${tag}`;
  const context = { actor: 'test', correlationId: `test-${tag}` };
  const { user, sessionId } = await signInWithEmail(email, 'email_code', displayName, context);
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

/**
 * A fresh signed-in admin, as if it had passed its second factor: an account with a password on the roster of
 * admins, and a session whose activity is recorded (an admin session without it, or idle 12 hours, is refused).
 */
export async function signedInAdmin(): Promise<TestListener> {
  const listener = await signedInListener();
  const context = { actor: 'test', correlationId: `test-${randomUUID().slice(0, 8)}` };
  await runUserCommand(listener.userId, { type: 'SetPassword', passwordHash: await hashPassword(randomUUID()) }, context);
  await setAdminRole(listener.userId, 'admin', 'test', context);
  const sessionId = randomUUID();
  await recordAdminActivity(sessionId);
  const token = await issueSessionToken({ userId: listener.userId, sessionId });
  const call = (path: string, init: Parameters<typeof api>[1] = {}) =>
    api(path, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  // Sessions check the role from the log at once; the screens that name an admin (histories, people) read the users
  // view, which takes the role a moment later: an admin long made, as the tests' readers expect.
  await eventually(async () => (await getView<UserView>(userKey(listener.userId)))?.role === 'admin', 60_000, 100);
  return { ...listener, token, call };
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
