/**
 * Users with their I/O: fresh reads of the users view (caught up from the stream when the projection
 * lags), look-ups by e-mail and username, the user commands, and the user as the API answers it.
 */
import { randomUUID } from 'node:crypto';
import type { AdminPermission, DomainEvent, SubscriptionTier, UserRole } from '../../events/index.js';
import {
  effectiveTier,
  emailReservation,
  evolveUser,
  initialUserState,
  normalizeEmail,
  requiresPassword,
  userDecider,
  userReservations,
  userStream,
  usernameReservation,
  type SignInMethod,
  type UserCommand,
  type UserState,
} from './domain/user.js';
import { conflict } from '../platform/errors.js';
import { fromUserItem, toUserView, userEmailKey, userKey, userPendingEmailKey, usernameKey, type UserView } from './projections/users.js';
import { runCommand, type CommandContext } from '../platform/command.js';
import { dynamoEventStore, readStream, ReservationTakenError, reservationOwner } from '../platform/event-store.js';
import { caughtUp } from '../platform/read-your-writes.js';
import { dynamoViewStore, getView } from '../platform/views.js';

/**
 * The user as of now: the view item, plus whatever events the projection has not applied yet
 * (a user who just signed up, a tier a webhook just changed), so no answer waits for the projector.
 */
export async function freshUser(userId: string): Promise<UserView | undefined> {
  const view = dynamoViewStore.get(userKey(userId)).then((item) => {
    const state = fromUserItem(item);
    return { state, version: state.v };
  });
  const { state } = await caughtUp(dynamoEventStore, userStream(userId), view, (known, tail) => tail.reduce(evolveUser, known));
  return state.id ? toUserView(state) : undefined;
}

/** The whole fold of the stream, with the password hash: for commands and password checks only. */
export async function loadUser(userId: string): Promise<UserState> {
  return (await readStream(userStream(userId))).reduce(evolveUser, initialUserState);
}

async function confirmed(userId: string | undefined, matches: (user: UserView) => boolean): Promise<UserView | undefined> {
  if (!userId) return undefined;
  const user = await freshUser(userId);
  return user && matches(user) ? user : undefined;
}

/**
 * The account this e-mail is in force for (proved by its owner); the reservation covers the moment before the view
 * has it. A known and an unknown address cost the same two round trips (view, then user or reservation).
 */
export async function findUserByEmail(email: string): Promise<UserView | undefined> {
  const normalized = normalizeEmail(email);
  const inForce = (u: UserView) => u.email === normalized && u.emailVerified;
  const fromView = await confirmed((await getView<{ userId: string }>(userEmailKey(normalized)))?.userId, inForce);
  return fromView ?? confirmed(await reservationOwner(emailReservation(normalized)), inForce);
}

/**
 * The account a proof of this address lands in: the one it is in force for, else one that uses it unproved (an
 * account that reserved it before addresses were reserved at their proof, or one opened by beta signup since).
 */
async function findUserToProve(email: string): Promise<UserView | undefined> {
  const normalized = normalizeEmail(email);
  const inForce = await findUserByEmail(normalized);
  if (inForce) return inForce;
  const pending = (u: UserView) => u.email === normalized && !u.emailVerified;
  const reserved = await confirmed(await reservationOwner(emailReservation(normalized)), pending);
  return reserved ?? confirmed((await getView<{ userId: string }>(userPendingEmailKey(normalized)))?.userId, pending);
}

export async function findUserIdByEmail(email: string): Promise<string | undefined> {
  return (await findUserByEmail(email))?.id;
}

export async function findUserIdByUsername(username: string): Promise<string | undefined> {
  const wanted = username.trim().toLowerCase();
  const item = await getView<{ userId: string }>(usernameKey(wanted));
  const owner = item?.userId ?? (await reservationOwner(usernameReservation(wanted)));
  return (await confirmed(owner, (u) => u.username?.toLowerCase() === wanted))?.id;
}

/** Runs a user command; `held` names reservations the user already holds (an address they used before). */
export async function runUserCommand(userId: string, command: UserCommand, context: CommandContext, held: string[] = []) {
  return (await runUserCommandForEvents(userId, command, context, held)).user;
}

/** Runs a user command and answers the events it recorded too. */
async function runUserCommandForEvents(userId: string, command: UserCommand, context: CommandContext, held: string[] = []) {
  const reservations = (events: Parameters<typeof userReservations>[0]) => userReservations(events).filter((r) => !held.includes(r.key));
  const result = await runCommand(userStream(userId), userDecider, command, context, reservations);
  return { user: toUserView(result.state), events: result.events };
}

export const EMAIL_TAKEN = 'This email is already used by another account';

/**
 * Runs a command that proves `email` for the account: the address's reservation is taken with its events, unless the
 * account holds it already; an address another account proved first is refused.
 */
export async function runProof(userId: string, email: string, command: UserCommand, context: CommandContext) {
  const key = emailReservation(email);
  const owner = await context.eventStore.reservationOwner(key);
  if (owner && owner !== userId) throw conflict('email_taken', EMAIL_TAKEN);
  try {
    return await runUserCommandForEvents(userId, command, { ...context, actor: userId }, owner ? [key] : []);
  } catch (error) {
    if (error instanceof ReservationTakenError) throw conflict('email_taken', EMAIL_TAKEN);
    throw error;
  }
}

/** What a proof ended (UnprovenAccessRevoked), for the mail that tells the owner; null when it ended nothing. */
export interface RevokedAccess {
  eventId: string;
  passwordRemoved: boolean;
}
export function revokedAccessOf(events: DomainEvent[]): RevokedAccess | null {
  const event = events.find((e) => e.type === 'UnprovenAccessRevoked');
  return event?.type === 'UnprovenAccessRevoked' ? { eventId: event.meta.eventId, passwordRemoved: event.data.passwordRemoved } : null;
}

/** The session of this account the request came with, if any: a proof from it is told apart (see the user decider). */
export const currentSessionOf = (userId: string, current: { userId: string; sessionId: string } | null | undefined) =>
  current?.userId === userId ? current.sessionId : null;

export interface SignedIn {
  user: UserView;
  sessionId: string;
  isNewUser: boolean;
  /** This sign-in was the address's first proof and ended what came before it. */
  revokedAccess: RevokedAccess | null;
}

const defaultDisplayName = (email: string) => normalizeEmail(email).split('@')[0] || null;

/**
 * The person proved they read `email` (a code or a magic link): sign in its account, or open one.
 * Two first sign-ins racing on one address meet at the reservation; the loser signs in the winner's account.
 */
export async function signInWithEmail(
  email: string,
  method: Extract<SignInMethod, 'email_code' | 'magic_link'>,
  displayName: string | null,
  context: CommandContext,
  current: { userId: string; sessionId: string } | null = null,
): Promise<SignedIn> {
  const sessionId = randomUUID();
  const at = context.at ?? new Date();
  let userId = (await findUserToProve(email))?.id;
  if (!userId) {
    const newId = randomUUID();
    try {
      const user = await runUserCommand(
        newId,
        {
          type: 'Register',
          userId: newId,
          email,
          username: null,
          displayName: displayName?.trim() || defaultDisplayName(email),
          source: method,
          emailVerified: true,
          passwordHash: null,
          role: 'user',
          session: { sessionId, method },
        },
        { ...context, actor: newId },
      );
      return { user, sessionId, isNewUser: true, revokedAccess: null };
    } catch (error) {
      if (!(error instanceof ReservationTakenError)) throw error;
      userId = await context.eventStore.reservationOwner(emailReservation(email));
      if (!userId) throw error;
    }
  }
  const proof = { at: at.toISOString(), currentSessionId: currentSessionOf(userId, current) };
  const { user, events } = await runProof(userId, email, { type: 'SignIn', sessionId, method, proof }, { ...context, at });
  return { user, sessionId, isNewUser: false, revokedAccess: revokedAccessOf(events) };
}

/** Subscribers: Toko+ (in force now) or an admin, who sees everything. */
export function accessOf(user: UserView, now: Date): { role: UserRole; permissions: AdminPermission[]; tier: SubscriptionTier } {
  return { role: user.role, permissions: user.role === 'admin' ? user.permissions : [], tier: effectiveTier(user, now) };
}

/** Where an avatar file is kept in the media bucket, and served from under `/`. */
export const avatarKey = (filename: string) => `uploads/avatars/${filename}`;

/** When the avatar last changed (epoch ms): the version its URL carries, so a new picture is never served from cache. */
const avatarVersion = (user: UserView) => (user.avatarUpdatedAt ? Date.parse(user.avatarUpdatedAt) : null);

/** Where the browser loads the user's avatar from, or null without one. */
export const avatarUrlOf = (user: UserView) => (user.avatar ? `/${avatarKey(user.avatar)}?v=${avatarVersion(user)}` : null);

/** The user as `GET /api/users/me` and every sign-in answer give it. */
export function userDto(user: UserView, now: Date) {
  const tier = effectiveTier(user, now);
  const isAdmin = user.role === 'admin';
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
    avatar: user.avatar,
    avatarUrl: avatarUrlOf(user),
    avatarUpdatedAt: avatarVersion(user),
    subscriptionTier: isAdmin ? ('admin' as const) : tier,
    subscriptionStatus: user.subscriptionStatus ?? (tier === 'free' ? 'inactive' : 'active'),
    subscriptionStartedAt: user.subscriptionStartedAt,
    subscriptionExpiresAt: user.subscriptionExpiresAt,
    subscriptionSource: user.subscriptionSource,
    stripeSubscriptionId: user.stripeSubscriptionId,
    isSubscriber: tier === 'toko_plus',
    isAdmin,
    adminPermissions: isAdmin ? user.permissions : [],
    isAdminAccount: isAdmin,
    requiresPassword: requiresPassword(user),
    createdAt: user.createdAt,
    pendingEmail: user.pendingEmail ?? null,
  };
}
