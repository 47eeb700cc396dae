/** What the HTTP edge asks of accounts about a caller: the account as of now, an admin's permissions and step-up. */
import type { Authorizer } from '../platform/authorizer.js';
import { steppedUp } from './admin-step-up.js';
import { mayAct } from './domain/user.js';
import { accessOf, freshUser } from './users.js';

export const authorizer: Authorizer = {
  async caller(userId, now) {
    const user = await freshUser(userId);
    if (!user) return undefined;
    const { id, blocked, sessionsRevokedAt, sessionsKept } = user;
    return { userId: id, blocked, sessionsRevokedAt, sessionsKept, ...accessOf(user, now) };
  },
  mayAct,
  steppedUp,
};
