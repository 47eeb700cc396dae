/** A fresh signed-in listener for tests over HTTP: an account made through the user commands, and a session token for it. */
import { randomUUID } from 'node:crypto';
import { issueSessionToken } from '../../functions/lib/session.js';
import { runUserCommand, signInWithEmail } from '../../functions/lib/users.js';
import { api } from './cloud.js';

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
