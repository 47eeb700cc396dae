/**
 * The users view: one item per user (the fold of their stream, without the password hash) and the
 * e-mail → id and username → id lookups. Every event of a user stream rewrites the user item, so its
 * `v` is always the last version applied and a reader can catch up from the stream (functions/lib/users.ts).
 */
import type { DomainEvent, EventType } from '../../events/index.js';
import { evolveUser, initialUserState, normalizeEmail, secretUserFields, type UserState } from '../domain/user/user.js';
import type { Projection, ViewItem, ViewOp } from '../lib/projection.js';

export const userKey = (userId: string) => ({ pk: `user#${userId}`, sk: 'user' });
export const userEmailKey = (email: string) => ({ pk: `user-email#${normalizeEmail(email)}`, sk: 'user' });
export const usernameKey = (username: string) => ({ pk: `user-username#${username.trim().toLowerCase()}`, sk: 'user' });

export type UserView = Omit<UserState, (typeof secretUserFields)[number]> & { id: string; email: string };

export const userEvents = [
  'UserRegistered',
  'EmailVerified',
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
  'ComplimentaryMembershipGranted',
  'ComplimentaryMembershipRevoked',
  // Commerce's subscription events share the stream: folded in (they move `v`), so the checkpoint never sees a gap.
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionCancelled',
  'SubscriptionEnded',
] as const satisfies readonly EventType[];

export function toUserView(state: UserState): UserView {
  const { passwordHash: _hash, totpSecretCiphertext: _secret, recoveryCodeHashes: _codes, ...view } = state;
  return view as UserView;
}

/** The state a view item stands for (without the secrets, which only the stream holds). */
export function fromUserItem(item: ViewItem | undefined): UserState {
  if (!item) return initialUserState;
  const { pk: _pk, sk: _sk, vStream: _vs, ...fields } = item;
  return { ...initialUserState, ...(fields as Partial<UserState>), passwordHash: null, totpSecretCiphertext: null, recoveryCodeHashes: [] };
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
    if (after.email !== before.email) {
      if (before.email) ops.push({ kind: 'delete', key: userEmailKey(before.email) });
      ops.push({ kind: 'put', item: { ...userEmailKey(after.email), userId } });
    }
    if (after.username && after.username !== before.username) ops.push({ kind: 'put', item: { ...usernameKey(after.username), userId } });
    return ops;
  },
};
