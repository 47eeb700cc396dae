/** An in-memory Authorizer for unit tests of the HTTP edge: the callers it knows, and the sessions that stepped up. */
import type { Authorizer, Caller } from './authorizer.js';

export function memoryAuthorizer(callers: Caller[] = []): Authorizer & { stepUp(sessionId: string): void } {
  const steppedUp = new Set<string>();
  return {
    caller: (userId) => Promise.resolve(callers.find((c) => c.userId === userId)),
    mayAct: (permissions, level) => permissions.includes(level),
    steppedUp: (sessionId) => Promise.resolve(steppedUp.has(sessionId)),
    stepUp: (sessionId) => void steppedUp.add(sessionId),
  };
}

/** A listener as the authorizer knows one: signed up, not blocked, no admin role, on the free tier. */
export const listenerCaller: Caller = {
  userId: 'listener',
  blocked: false,
  sessionsRevokedAt: null,
  sessionsKept: [],
  role: 'user',
  permissions: [],
  tier: 'free',
};
