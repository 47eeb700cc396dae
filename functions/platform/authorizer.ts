/**
 * The HTTP edge's port to whoever keeps people: what it must know of a caller to let a request through. Platform reads
 * no context, so each Lambda's handler hands the edge an Authorizer (the accounts context implements it).
 */
import type { AdminPermission, SubscriptionTier, UserRole } from '../../events/index.js';

/** A session's account as it is now. */
export interface Caller {
  userId: string;
  /** A blocked account keeps no session. */
  blocked: boolean;
  /** Every session signed in up to this instant is over, but those in `sessionsKept`. */
  sessionsRevokedAt: string | null;
  sessionsKept: readonly string[];
  role: UserRole;
  /** What an admin may do; none for a listener. */
  permissions: AdminPermission[];
  /** The tier in force now (a trial that ran out is free again). */
  tier: SubscriptionTier;
}

export interface Authorizer {
  /** The account as of now, read fresh (a tier a webhook just changed applies at once); undefined when there is none. */
  caller(userId: string, now: Date): Promise<Caller | undefined>;
  /** Whether an admin with these permissions may act at a route's admin level. */
  mayAct(permissions: readonly AdminPermission[], level: AdminPermission): boolean;
  /** Whether the session gave a fresh second factor recently enough for a sensitive act. */
  steppedUp(sessionId: string, now: Date): Promise<boolean>;
}
