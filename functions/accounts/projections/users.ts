/**
 * The users view: one item per user (the fold of their stream, without its secrets) and the
 * e-mail → id and username → id lookups. Every event of a user stream rewrites the user item, so its
 * `v` is always the last version applied and a reader can catch up from the stream (functions/accounts/users.ts).
 * For the admins: the listener search (user-search.ts), and each user's activity partition: their membership
 * changes and their last 10 sign-ins (one slot each, reused in turn).
 */
import type { DomainEvent, EventType } from '../../../events/index.js';
import { evolveUser, initialUserState, normalizeEmail, secretUserFields, type UserState } from '../domain/user.js';
import type { Projection, ViewItem, ViewOp } from '../../platform/projection.js';
import { userSearchOps } from './user-search.js';

export const userKey = (userId: string) => ({ pk: `user#${userId}`, sk: 'user' });
export const userEmailKey = (email: string) => ({ pk: `user-email#${normalizeEmail(email)}`, sk: 'user' });
/** The account whose address is this one but not proved yet (a sign-in by code there proves it). */
export const userPendingEmailKey = (email: string) => ({ pk: `user-pending-email#${normalizeEmail(email)}`, sk: 'user' });
export const usernameKey = (username: string) => ({ pk: `user-username#${username.trim().toLowerCase()}`, sk: 'user' });

export const userActivityPartition = (userId: string) => `user-activity#${userId}`;
export const RECENT_SIGN_INS = 10;
export const SIGN_IN_SLOT = 'sign-in#';
export const MEMBERSHIP_CHANGE = 'membership#';

export type UserView = Omit<UserState, (typeof secretUserFields)[number]> & { id: string; email: string };

export const userEvents = [
  'UserRegistered',
  'EmailVerified',
  'UnprovenAccessRevoked',
  'EmailChangeRequested',
  'BetaCodeRedeemed',
  'UserSignedIn',
  'ProfileChanged',
  'AvatarChanged',
  'PasswordSet',
  'UserRoleChanged',
  'SubscriptionTierChanged',
  'AdminTotpEnrolled',
  'AdminRecoveryCodeUsed',
  'AccountBlocked',
  'AccountUnblocked',
  'AccountDeleted',
  'ComplimentaryMembershipGranted',
  'ComplimentaryMembershipRevoked',
  // Commerce's subscription events share the stream: folded in (they move `v`), so the checkpoint never sees a gap.
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionCancelled',
  'SubscriptionResumed',
  'SubscriptionEnded',
] as const satisfies readonly EventType[];

export function toUserView(state: UserState): UserView {
  const { passwordHash: _hash, totpSecretCiphertext: _secret, recoveryCodeHashes: _codes, freshSignIns: _fresh, ...view } = state;
  return view as UserView;
}

/** The state a view item stands for (without the secrets, which only the stream holds). */
export function fromUserItem(item: ViewItem | undefined): UserState {
  if (!item) return initialUserState;
  const { pk: _pk, sk: _sk, vStream: _vs, ...fields } = item as ViewItem & Partial<UserState>;
  // An admin's item written before permissions existed: every admin then could do everything, as an owner can.
  const permissions = fields.permissions ?? (fields.role === 'admin' ? ['owner' as const] : []);
  return { ...initialUserState, ...fields, permissions, passwordHash: null, totpSecretCiphertext: null, recoveryCodeHashes: [] };
}

export const usersProjection: Projection = {
  name: 'users',
  events: userEvents,
  async apply(event: DomainEvent, views): Promise<ViewOp[]> {
    const userId = (event.data as { userId: string }).userId;
    const before = fromUserItem(await views.get(userKey(userId)));
    const after = evolveUser(before, event);
    if (!after.id || !after.email) throw new Error(`${event.streamId}: ${event.type} before UserRegistered`);
    const ops: ViewOp[] = [{ kind: 'put', item: { ...userKey(userId), ...toUserView(after), vStream: event.streamId } }];
    // An address in force is found under user-email#, a pending one under user-pending-email#. Another account may
    // hold an entry for the same address (a pending one beside the one in force, or a deleted account's signed up
    // again): an entry is dropped only by the account it names.
    const deleted = event.type === 'AccountDeleted';
    for (const [key, address] of [
      [userEmailKey, (state: UserState) => (state.emailVerified ? state.email : null)],
      [userPendingEmailKey, (state: UserState) => (state.emailVerified ? null : state.email)],
    ] as const) {
      const was = address(before);
      const is = deleted ? null : address(after);
      if (was === is) continue;
      if (was && (await views.get(key(was)))?.userId === userId) ops.push({ kind: 'delete', key: key(was) });
      if (is) ops.push({ kind: 'put', item: { ...key(is), userId } });
    }
    if (after.username && after.username !== before.username) ops.push({ kind: 'put', item: { ...usernameKey(after.username), userId } });
    if (before.username && !after.username) ops.push({ kind: 'delete', key: usernameKey(before.username) });
    ops.push(...userSearchOps(before, after), ...activityOps(event, after.signInCount));
    return ops;
  },
};

/** A sign-in fills the next of the 10 slots; a membership change adds its own item, in stream order. */
function activityOps(event: DomainEvent, signInCount: number): ViewOp[] {
  const pk = userActivityPartition((event.data as { userId: string }).userId);
  const who = { at: event.meta.at, actor: event.meta.actor, v: event.version };
  if (event.type === 'UserSignedIn') {
    const { method, secondFactor } = event.data;
    const sk = `${SIGN_IN_SLOT}${(signInCount - 1) % RECENT_SIGN_INS}`;
    return [{ kind: 'put', item: { pk, sk, method, secondFactor: secondFactor ?? null, ...who } }];
  }
  if (event.type === 'SubscriptionTierChanged') {
    const { userId: _userId, ...change } = event.data;
    return [{ kind: 'put', item: { pk, sk: `${MEMBERSHIP_CHANGE}${String(event.version).padStart(8, '0')}`, ...change, ...who } }];
  }
  return [];
}
