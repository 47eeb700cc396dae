/**
 * The user aggregate (`user#<id>`): registration, sign-ins (an admin's with a second factor), profile, avatar,
 * password, role, tier, a complimentary membership, and blocking.
 * Pure: ids, clocks, password and TOTP checks come in with the command.
 */
import { brand } from '../../../events/brand.js';
import { type AdminPermission, DELETED, type DomainEvent, NewEvent, SubscriptionTier, UserRole } from '../../../events/index.js';
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
  /** What the account may do as an admin; none for a listener. */
  permissions: AdminPermission[];
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
  signInCount: number;
  /** The admin set up an authenticator app (AdminTotpEnrolled). */
  totpEnrolled: boolean;
  /** Only in the aggregate's own fold, like the password hash: the encrypted TOTP secret. */
  totpSecretCiphertext: string | null;
  /** Only in the aggregate's own fold: each recovery code's HMAC, null once it was used. */
  recoveryCodeHashes: (string | null)[];
  blocked: boolean;
  /** Sessions issued up to this instant are dead for good (the account was blocked then). */
  sessionsRevokedAt: string | null;
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
  permissions: [],
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
  signInCount: 0,
  totpEnrolled: false,
  totpSecretCiphertext: null,
  recoveryCodeHashes: [],
  blocked: false,
  sessionsRevokedAt: null,
};

/** The fields of the state that only the aggregate's own fold of its stream keeps: secrets, never in a view. */
export const secretUserFields = ['passwordHash', 'totpSecretCiphertext', 'recoveryCodeHashes'] as const;

export const userStream = (userId: string) => `user#${userId}`;
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const emailReservation = (email: string) => `email#${normalizeEmail(email)}`;
export const usernameReservation = (username: string) => `username#${username.trim().toLowerCase()}`;

/** Every permission in the order screens list them; an owner holds them all. */
export const ADMIN_PERMISSIONS = ['catalogue', 'people', 'money', 'operations', 'owner'] as const satisfies readonly AdminPermission[];

/** An admin's permissions as stored: each once, in the usual order, and at least one. */
export function adminPermissions(permissions: readonly AdminPermission[]): AdminPermission[] {
  const listed = ADMIN_PERMISSIONS.filter((p) => permissions.includes(p));
  if (!listed.length) throw invalid('permissions_required', 'Choose at least one thing this admin may do');
  return listed;
}

const samePermissions = (a: readonly AdminPermission[], b: readonly AdminPermission[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

/** Whether an admin with these permissions may act at this level: an owner may do everything. */
export const mayAct = (permissions: readonly AdminPermission[], level: AdminPermission) =>
  permissions.includes(level) || permissions.includes('owner');

/** Admin accounts sign in with a password and a second factor only, never with an e-mail code or link. */
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
      return { ...next, lastSignInAt: at, signInCount: state.signInCount + 1 };
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
      return { ...next, role: event.data.role, permissions: event.data.permissions, updatedAt: at };
    case 'AdminTotpEnrolled':
      return {
        ...next,
        totpEnrolled: true,
        totpSecretCiphertext: event.data.secretCiphertext,
        recoveryCodeHashes: event.data.recoveryCodeHashes,
        updatedAt: at,
      };
    case 'AdminRecoveryCodeUsed':
      return { ...next, recoveryCodeHashes: state.recoveryCodeHashes.map((hash, i) => (i === event.data.index ? null : hash)) };
    case 'AccountBlocked':
      return { ...next, blocked: true, sessionsRevokedAt: at, updatedAt: at };
    case 'AccountUnblocked':
      return { ...next, blocked: false, updatedAt: at };
    case 'AccountDeleted':
      // Its sessions end and it never signs in again; what named the person is gone from its state too.
      return {
        ...next,
        email: DELETED.email,
        username: null,
        displayName: DELETED.name,
        avatar: null,
        avatarUpdatedAt: null,
        blocked: true,
        sessionsRevokedAt: at,
        updatedAt: at,
      };
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

/** What an admin gives besides the password: a TOTP code the caller checked, or a recovery code's HMAC. */
export type SecondFactor = { kind: 'totp'; verified: boolean } | { kind: 'recovery_code'; codeHash: string };

/** The source of a membership an admin gave (SubscriptionTierChanged.source). */
export const COMPLIMENTARY = 'complimentary';

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
      /** What an admin may do (the setup's first admin is an owner); none for a listener. */
      permissions?: AdminPermission[];
      /** Signs in at once (code, link, beta signup); null for an account made by the setup. */
      session: { sessionId: string; method: SignInMethod } | null;
    }
  | {
      type: 'SignIn';
      sessionId: string;
      method: SignInMethod;
      /** Checked by the caller against the stored hash. */ passwordVerified?: boolean;
      /** Required with a password for an admin account. */
      secondFactor?: SecondFactor;
    }
  | { type: 'EnrolTotp'; secretCiphertext: string; recoveryCodeHashes: string[]; sessionId: string; codeVerified: boolean }
  /** Too many wrong second-factor codes in a row (counted by the caller): the second step is locked until `until`. */
  | { type: 'LockSecondStep'; wrongCodes: number; until: string }
  | { type: 'Block'; by: string; reason: string | null }
  | { type: 'Unblock' }
  /** The person's own request, confirmed with a code mailed to them. */
  | { type: 'DeleteAccount' }
  | { type: 'GrantComplimentary'; endsAt: string; at: string }
  | { type: 'RevokeComplimentary'; at: string }
  | { type: 'ChangeProfile'; displayName?: string | null; email?: string }
  | { type: 'VerifyEmail'; email: string }
  | { type: 'ChangeAvatar'; avatar: string; contentType: string; bytes: number }
  | { type: 'SetPassword'; passwordHash: string }
  /** An admin's permissions with it (at least one); a listener has none. */
  | { type: 'ChangeRole'; role: UserRole; permissions: readonly AdminPermission[] }
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

export const BLOCKED_MESSAGE = `This account is blocked. If you think this is a mistake, write to ${brand.supportEmail}.`;
const notBlocked = (state: UserState) => {
  if (state.blocked) throw forbidden('account_blocked', BLOCKED_MESSAGE);
};

/** An admin's password sign-in: the second factor it gave, checked; the recovery code it spends, if any. */
function secondFactorEvents(state: UserState & { id: string }, factor: SecondFactor | undefined): NewEvent[] {
  if (!state.totpEnrolled) throw forbidden('totp_enrolment_required', 'Set up your authenticator app to sign in');
  if (factor?.kind === 'totp') {
    if (!factor.verified)
      throw unauthorized('invalid_totp_code', 'That code is not right. Enter the current code from your authenticator app.');
    return [];
  }
  if (factor?.kind === 'recovery_code') {
    const index = state.recoveryCodeHashes.indexOf(factor.codeHash);
    if (index < 0) throw unauthorized('invalid_recovery_code', 'That recovery code is not right, or it was used already.');
    return [{ type: 'AdminRecoveryCodeUsed', data: { userId: state.id, index } }];
  }
  throw unauthorized('totp_required', 'Enter the code from your authenticator app');
}

/** Whether the listener holds a paid Stripe membership in force now (a complimentary one must not replace it). */
const paidMembershipAt = (state: UserState, at: string) =>
  state.subscriptionSource === 'stripe' && effectiveTier(state, new Date(at)) === 'toko_plus';

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
    if (command.role !== 'user')
      events.push({
        type: 'UserRoleChanged',
        data: { userId, role: command.role, permissions: adminPermissions(command.permissions ?? []) },
      });
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
      let spent: NewEvent[] = [];
      if (command.method === 'password') {
        if (!command.passwordVerified) throw unauthorized('invalid_credentials', 'Invalid email or password');
        notBlocked(state);
        if (requiresPassword(state)) spent = secondFactorEvents(state, command.secondFactor);
      } else {
        if (requiresPassword(state)) throw forbidden('password_required', 'This account signs in with a password');
        notBlocked(state);
      }
      const secondFactor = requiresPassword(state) ? command.secondFactor?.kind : undefined;
      const signedIn: NewEvent = {
        type: 'UserSignedIn',
        data: { userId, sessionId: command.sessionId, method: command.method, ...(secondFactor ? { secondFactor } : {}) },
      };
      // A code or a magic link that reached the person proves the address.
      return command.method !== 'password' && !state.emailVerified
        ? [{ type: 'EmailVerified', data: { userId, email: state.email } }, signedIn]
        : [...spent, signedIn];
    }
    case 'EnrolTotp': {
      if (!requiresPassword(state)) throw forbidden('admin_only', 'Only admin accounts set up an authenticator app');
      if (state.totpEnrolled) throw conflict('totp_enrolled', 'An authenticator app is already set up for this account');
      if (!command.codeVerified)
        throw unauthorized('invalid_totp_code', 'That code is not right. Enter the current code from your authenticator app.');
      return [
        {
          type: 'AdminTotpEnrolled',
          data: { userId, secretCiphertext: command.secretCiphertext, recoveryCodeHashes: command.recoveryCodeHashes },
        },
        { type: 'UserSignedIn', data: { userId, sessionId: command.sessionId, method: 'password', secondFactor: 'totp' } },
      ];
    }
    case 'Block': {
      if (command.by === userId) throw forbidden('cannot_block_self', 'You cannot block your own account');
      if (state.role === 'admin') throw conflict('admin_account', 'Revoke the admin role before blocking this account');
      return state.blocked ? [] : [{ type: 'AccountBlocked', data: { userId, reason: command.reason } }];
    }
    case 'Unblock':
      return state.blocked ? [{ type: 'AccountUnblocked', data: { userId } }] : [];
    case 'DeleteAccount':
      if (state.role === 'admin')
        throw conflict('admin_account', 'An admin account cannot be deleted: ask another admin to revoke your role first');
      return state.email === DELETED.email ? [] : [{ type: 'AccountDeleted', data: { userId } }];
    case 'GrantComplimentary': {
      if (Date.parse(command.endsAt) <= Date.parse(command.at)) throw invalid('invalid_end_date', 'The end date must be in the future');
      if (paidMembershipAt(state, command.at)) throw conflict('paid_membership', `This listener already pays for ${brand.productPlus}`);
      const current = state.subscriptionSource === COMPLIMENTARY && effectiveTier(state, new Date(command.at)) === 'toko_plus';
      return [
        { type: 'ComplimentaryMembershipGranted', data: { userId, endsAt: command.endsAt } },
        {
          type: 'SubscriptionTierChanged',
          data: {
            userId,
            tier: 'toko_plus',
            status: 'active',
            source: COMPLIMENTARY,
            startedAt: current ? state.subscriptionStartedAt : command.at,
            expiresAt: command.endsAt,
            stripeSubscriptionId: null,
          },
        },
      ];
    }
    case 'RevokeComplimentary': {
      if (state.subscriptionSource !== COMPLIMENTARY || effectiveTier(state, new Date(command.at)) !== 'toko_plus') {
        throw conflict('no_complimentary_membership', `This listener has no complimentary ${brand.productPlus} membership`);
      }
      return [
        { type: 'ComplimentaryMembershipRevoked', data: { userId } },
        {
          type: 'SubscriptionTierChanged',
          data: {
            userId,
            tier: 'free',
            status: 'cancelled',
            source: COMPLIMENTARY,
            startedAt: state.subscriptionStartedAt,
            expiresAt: command.at,
            stripeSubscriptionId: null,
          },
        },
      ];
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
    case 'ChangeRole': {
      const permissions = command.role === 'admin' ? adminPermissions(command.permissions) : [];
      if (command.role === state.role && samePermissions(permissions, state.permissions)) return [];
      // Admins sign in with a password and an authenticator app, never by e-mail code.
      if (command.role === 'admin' && !state.hasPassword) {
        throw conflict('password_required', 'This account has no password: an admin signs in with a password and an authenticator app');
      }
      if (command.role === 'admin' && state.blocked) throw conflict('account_blocked', 'Unblock this account before making it an admin');
      return [{ type: 'UserRoleChanged', data: { userId, role: command.role, permissions } }];
    }
    case 'LockSecondStep':
      if (!requiresPassword(state)) return [];
      return [{ type: 'AdminSecondStepLocked', data: { userId, wrongCodes: command.wrongCodes, until: command.until } }];
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
