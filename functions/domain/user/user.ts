/**
 * The user aggregate (`user#<id>`): registration, sign-ins, profile, avatar, password, role and tier.
 * Pure: ids, clocks and password checks come in with the command.
 */
import type { DomainEvent, NewEvent, SubscriptionTier, UserRole } from '../../../events/index.js';
import { assertNever, conflict, forbidden, invalid, notFound, unauthorized } from '../errors.js';

export interface UserState {
  /** Version of the last event folded in (the users view stores it too). */
  v: number;
  id: string | null;
  email: string | null;
  emailVerified: boolean;
  username: string | null;
  displayName: string | null;
  avatar: string | null;
  /** When the avatar last changed: the version in its URL. */
  avatarUpdatedAt: string | null;
  role: UserRole;
  tier: SubscriptionTier;
  subscriptionStatus: string | null;
  subscriptionStartedAt: string | null;
  subscriptionExpiresAt: string | null;
  subscriptionSource: string | null;
  stripeSubscriptionId: string | null;
  hasPassword: boolean;
  /** Only in the aggregate's own fold of its stream; the users view never keeps it. */
  passwordHash: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  lastSignInAt: string | null;
}

export const initialUserState: UserState = {
  v: 0,
  id: null,
  email: null,
  emailVerified: false,
  username: null,
  displayName: null,
  avatar: null,
  avatarUpdatedAt: null,
  role: 'user',
  tier: 'free',
  subscriptionStatus: null,
  subscriptionStartedAt: null,
  subscriptionExpiresAt: null,
  subscriptionSource: null,
  stripeSubscriptionId: null,
  hasPassword: false,
  passwordHash: null,
  createdAt: null,
  updatedAt: null,
  lastSignInAt: null,
};

export const userStream = (userId: string) => `user#${userId}`;
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const emailReservation = (email: string) => `email#${normalizeEmail(email)}`;
export const usernameReservation = (username: string) => `username#${username.trim().toLowerCase()}`;

/** Admin accounts sign in with a password only, never with an e-mail code or link. */
export const requiresPassword = (state: Pick<UserState, 'role'>) => state.role === 'admin';

/** The tier in force at `now`: a plan with an end date (a beta trial) lapses by itself; Stripe ends its own plans. */
export function effectiveTier(
  state: Pick<UserState, 'tier' | 'subscriptionExpiresAt' | 'subscriptionSource'>,
  now: Date,
): SubscriptionTier {
  if (state.tier === 'free') return 'free';
  if (state.subscriptionSource === 'stripe' || !state.subscriptionExpiresAt) return state.tier;
  return Date.parse(state.subscriptionExpiresAt) > now.getTime() ? state.tier : 'free';
}

export function evolveUser(state: UserState, event: DomainEvent): UserState {
  const at = event.meta.at;
  const next = { ...state, v: event.version };
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...next,
        id: event.data.userId,
        email: event.data.email,
        username: event.data.username,
        displayName: event.data.displayName,
        createdAt: at,
        updatedAt: at,
      };
    case 'EmailVerified':
      return event.data.email === state.email ? { ...next, emailVerified: true, updatedAt: at } : next;
    case 'UserSignedIn':
      return { ...next, lastSignInAt: at };
    case 'ProfileChanged': {
      const { displayName, email } = event.data;
      return {
        ...next,
        ...(displayName !== undefined ? { displayName } : {}),
        ...(email !== undefined ? { email, emailVerified: false } : {}),
        updatedAt: at,
      };
    }
    case 'AvatarChanged':
      return { ...next, avatar: event.data.avatar, avatarUpdatedAt: at, updatedAt: at };
    case 'PasswordSet':
      return { ...next, hasPassword: true, passwordHash: event.data.passwordHash, updatedAt: at };
    case 'UserRoleChanged':
      return { ...next, role: event.data.role, updatedAt: at };
    case 'SubscriptionTierChanged': {
      const d = event.data;
      return {
        ...next,
        tier: d.tier,
        subscriptionStatus: d.status,
        subscriptionSource: d.source,
        subscriptionStartedAt: d.startedAt,
        subscriptionExpiresAt: d.expiresAt,
        stripeSubscriptionId: d.stripeSubscriptionId,
        updatedAt: at,
      };
    }
    default:
      return next;
  }
}

export type SignInMethod = 'email_code' | 'magic_link' | 'password';

export type UserCommand =
  | {
      type: 'Register';
      userId: string;
      email: string;
      username: string | null;
      displayName: string | null;
      source: 'email_code' | 'magic_link' | 'beta_signup' | 'admin_setup';
      /** The code or link that opened the account proved the address. */
      emailVerified: boolean;
      passwordHash: string | null;
      role: UserRole;
      /** Signs in at once (code, link, beta signup); null for an account made by the setup. */
      session: { sessionId: string; method: SignInMethod } | null;
    }
  | {
      type: 'SignIn';
      sessionId: string;
      method: SignInMethod;
      /** Checked by the caller against the stored hash. */ passwordVerified?: boolean;
    }
  | { type: 'ChangeProfile'; displayName?: string | null; email?: string }
  | { type: 'VerifyEmail'; email: string }
  | { type: 'ChangeAvatar'; avatar: string; contentType: string; bytes: number }
  | { type: 'SetPassword'; passwordHash: string }
  | { type: 'ChangeRole'; role: UserRole }
  | {
      type: 'ChangeSubscriptionTier';
      tier: SubscriptionTier;
      status: string;
      source: string;
      startedAt: string | null;
      expiresAt: string | null;
      stripeSubscriptionId: string | null;
    };

function registered(state: UserState): asserts state is UserState & { id: string; email: string } {
  if (!state.id || !state.email) throw notFound('user_not_found', 'User not found');
}

export function decideUser(command: UserCommand, state: UserState): NewEvent[] {
  if (command.type === 'Register') {
    if (state.id) throw conflict('user_exists', 'This account already exists');
    const { userId } = command;
    const email = normalizeEmail(command.email);
    const events: NewEvent[] = [
      {
        type: 'UserRegistered',
        data: { userId, email, username: command.username, displayName: command.displayName, source: command.source },
      },
    ];
    if (command.emailVerified) events.push({ type: 'EmailVerified', data: { userId, email } });
    if (command.passwordHash) events.push({ type: 'PasswordSet', data: { userId, passwordHash: command.passwordHash } });
    if (command.role !== 'user') events.push({ type: 'UserRoleChanged', data: { userId, role: command.role } });
    if (command.session) {
      if (command.role === 'admin' && command.session.method !== 'password')
        throw forbidden('password_required', 'This account signs in with a password');
      events.push({ type: 'UserSignedIn', data: { userId, ...command.session } });
    }
    return events;
  }

  registered(state);
  const userId = state.id;
  switch (command.type) {
    case 'SignIn': {
      if (command.method === 'password') {
        if (!command.passwordVerified) throw unauthorized('invalid_credentials', 'Invalid email or password');
      } else if (requiresPassword(state)) {
        throw forbidden('password_required', 'This account signs in with a password');
      }
      const signedIn: NewEvent = { type: 'UserSignedIn', data: { userId, sessionId: command.sessionId, method: command.method } };
      // A code or a magic link that reached the person proves the address.
      return command.method !== 'password' && !state.emailVerified
        ? [{ type: 'EmailVerified', data: { userId, email: state.email } }, signedIn]
        : [signedIn];
    }
    case 'ChangeProfile': {
      const changes: { displayName?: string | null; email?: string } = {};
      if (command.displayName !== undefined && command.displayName !== state.displayName) changes.displayName = command.displayName;
      if (command.email !== undefined && normalizeEmail(command.email) !== state.email) changes.email = normalizeEmail(command.email);
      return Object.keys(changes).length ? [{ type: 'ProfileChanged', data: { userId, ...changes } }] : [];
    }
    case 'VerifyEmail': {
      if (normalizeEmail(command.email) !== state.email)
        throw invalid('stale_verification', 'This link is for an e-mail address the account no longer uses');
      return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { userId, email: state.email } }];
    }
    case 'ChangeAvatar':
      return [{ type: 'AvatarChanged', data: { userId, avatar: command.avatar, contentType: command.contentType, bytes: command.bytes } }];
    case 'SetPassword':
      return [{ type: 'PasswordSet', data: { userId, passwordHash: command.passwordHash } }];
    case 'ChangeRole':
      return command.role === state.role ? [] : [{ type: 'UserRoleChanged', data: { userId, role: command.role } }];
    case 'ChangeSubscriptionTier': {
      const { type: _type, ...tier } = command;
      const same =
        tier.tier === state.tier &&
        tier.status === state.subscriptionStatus &&
        tier.source === state.subscriptionSource &&
        tier.startedAt === state.subscriptionStartedAt &&
        tier.expiresAt === state.subscriptionExpiresAt &&
        tier.stripeSubscriptionId === state.stripeSubscriptionId;
      return same ? [] : [{ type: 'SubscriptionTierChanged', data: { userId, ...tier } }];
    }
    default:
      return assertNever(command);
  }
}

export const userDecider = { initialState: initialUserState, evolve: evolveUser, decide: decideUser };

/** Uniqueness of e-mails and usernames: reservations written in the same transaction as the events. */
export function userReservations(events: NewEvent[]): { key: string; owner: string }[] {
  const keys: { key: string; owner: string }[] = [];
  for (const event of events) {
    const data = event.data as { userId: string; email?: string; username?: string | null };
    if (event.type === 'UserRegistered') {
      keys.push({ key: emailReservation(data.email!), owner: data.userId });
      if (data.username) keys.push({ key: usernameReservation(data.username), owner: data.userId });
    }
    if (event.type === 'ProfileChanged' && data.email) keys.push({ key: emailReservation(data.email), owner: data.userId });
  }
  return keys;
}
