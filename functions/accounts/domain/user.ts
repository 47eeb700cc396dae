/**
 * The user aggregate (`user#<id>`): registration, sign-ins (an admin's with a second factor), profile, avatar,
 * password, role, tier, a complimentary membership, and blocking.
 * Pure: ids, clocks, password and TOTP checks come in with the command.
 */
import { brand } from '../../../events/brand.js';
import { type AdminPermission, DELETED, type DomainEvent, NewEvent, SubscriptionTier, UserRole } from '../../../events/index.js';
import { trialEnd } from './beta-codes.js';
import { assertNever, conflict, forbidden, invalid, notFound, unauthorized } from '../../platform/errors.js';

export interface UserState {
  /** Version of the last event folded in (the users view stores it too). */
  v: number;
  id: string | null;
  /** The account's address: in force once proved (`emailVerified`), pending until then. */
  email: string | null;
  emailVerified: boolean;
  /** A new address the listener asked for (EmailChangeRequested): `email` stays in force until this one is confirmed. */
  pendingEmail: string | null;
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
  /** Sessions issued up to this instant are dead for good (the account was blocked, or its address first proved, then). */
  sessionsRevokedAt: string | null;
  /**
   * Sessions opened in the same second as that revocation, after it: a session token counts its issue time in whole
   * seconds, so these would read as revoked without this list.
   */
  sessionsKept: string[];
  /** The account's first session (a beta signup's own): a proof from it keeps the password that session set. */
  firstSessionId: string | null;
  /**
   * Only in the aggregate's own fold: the sessions signed in lately with more than a password (a code or a link mailed
   * to the address in force, or an admin's second factor), kept for FRESH_SIGN_IN_MINUTES. One of them may ask to
   * change the address without another code. A new address in force drops them: they proved the old one.
   */
  freshSignIns: { sessionId: string; at: string }[];
  /** A beta code's trial waiting for the address to be proved (BetaCodeRedeemed). */
  betaTrial: { tier: SubscriptionTier; months: number } | null;
  /** The account had its beta trial: a beta code gives one per account. */
  betaTrialUsed: boolean;
}

export const initialUserState: UserState = {
  v: 0,
  id: null,
  email: null,
  emailVerified: false,
  pendingEmail: null,
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
  sessionsKept: [],
  firstSessionId: null,
  freshSignIns: [],
  betaTrial: null,
  betaTrialUsed: false,
};

/** The fields of the state that only the aggregate's own fold of its stream keeps: secrets, never in a view. */
export const secretUserFields = ['passwordHash', 'totpSecretCiphertext', 'recoveryCodeHashes', 'freshSignIns'] as const;

/** How long after a sign-in by a mailed code or link (or an admin's second factor) its session may change the address without a code. */
export const FRESH_SIGN_IN_MINUTES = 10;
const FRESH_MS = FRESH_SIGN_IN_MINUTES * 60_000;

/** Whether this session signed in with more than a password within the last FRESH_SIGN_IN_MINUTES, and no address came in force since. */
export const signedInFreshly = (state: Pick<UserState, 'freshSignIns'>, by: { sessionId: string; at: string }) =>
  state.freshSignIns.some((s) => s.sessionId === by.sessionId && Date.parse(by.at) - Date.parse(s.at) <= FRESH_MS);

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
      if (event.data.email === state.email) return { ...next, emailVerified: true, updatedAt: at };
      // The new address of a change is confirmed: it replaces the old one.
      if (event.data.email === state.pendingEmail)
        return { ...next, email: event.data.email, emailVerified: true, pendingEmail: null, freshSignIns: [], updatedAt: at };
      return next;
    case 'UnprovenAccessRevoked':
      return {
        ...next,
        sessionsRevokedAt: at,
        sessionsKept: [],
        ...(event.data.passwordRemoved ? { hasPassword: false, passwordHash: null } : {}),
        updatedAt: at,
      };
    case 'EmailChangeRequested':
      return { ...next, pendingEmail: event.data.email, updatedAt: at };
    case 'BetaCodeRedeemed':
      return { ...next, betaTrial: { tier: event.data.tier, months: event.data.months } };
    case 'UserSignedIn': {
      const sessionId = event.data.sessionId;
      const afterRevocation = state.sessionsRevokedAt !== null && wholeSecond(at) <= Date.parse(state.sessionsRevokedAt);
      const strong = event.data.method !== 'password' || event.data.secondFactor !== undefined;
      return {
        ...next,
        ...(strong
          ? { freshSignIns: [...state.freshSignIns.filter((s) => Date.parse(at) - Date.parse(s.at) <= FRESH_MS), { sessionId, at }] }
          : {}),
        lastSignInAt: at,
        signInCount: state.signInCount + 1,
        firstSessionId: state.firstSessionId ?? sessionId,
        ...(afterRevocation ? { sessionsKept: [...state.sessionsKept, sessionId] } : {}),
      };
    }
    case 'ProfileChanged': {
      // Its address (once a change in force at once, now only the replacement of a pending one) is pending.
      const { displayName, email } = event.data;
      return {
        ...next,
        ...(displayName !== undefined ? { displayName } : {}),
        ...(email !== undefined ? { email, emailVerified: false, pendingEmail: null, freshSignIns: [] } : {}),
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
      return { ...next, blocked: true, sessionsRevokedAt: at, sessionsKept: [], updatedAt: at };
    case 'AccountUnblocked':
      return { ...next, blocked: false, updatedAt: at };
    case 'AccountDeleted':
      // Its sessions end and it never signs in again; what named the person is gone from its state too.
      return {
        ...next,
        // The placeholder is no one's proven address: so the state reads the same whether the events are replayed
        // before the erasure, or after it, when every address in them reads as the placeholder.
        email: DELETED.email,
        emailVerified: false,
        pendingEmail: null,
        username: null,
        displayName: DELETED.name,
        avatar: null,
        avatarUpdatedAt: null,
        blocked: true,
        sessionsRevokedAt: at,
        sessionsKept: [],
        freshSignIns: [],
        updatedAt: at,
      };
    case 'SubscriptionTierChanged': {
      const d = event.data;
      const beta = d.source === BETA_SOURCE;
      return {
        ...next,
        ...(beta ? { betaTrial: null, betaTrialUsed: true } : {}),
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

/** The instant a session token issued at `at` claims: its issue time counts whole seconds. */
const wholeSecond = (at: string) => Math.floor(Date.parse(at) / 1000) * 1000;

/** The source of a beta code's trial (SubscriptionTierChanged.source). */
const BETA_SOURCE = 'beta';

export type SignInMethod = 'email_code' | 'magic_link' | 'password';

/**
 * A proof of the address (a code, a magic link or a confirmation link): when, and the session of this account the
 * request came with, if any.
 */
export interface AddressProof {
  at: string;
  currentSessionId: string | null;
}

/** What an admin gives besides the password: a TOTP code the caller checked, or a recovery code's HMAC. */
export type SecondFactor = { kind: 'totp'; verified: boolean } | { kind: 'recovery_code'; codeHash: string };

/** The source of a membership an admin gave (SubscriptionTierChanged.source). */
const COMPLIMENTARY = 'complimentary';

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
      /** A beta code's trial, which starts when the address is proved. */
      betaCode?: { tier: SubscriptionTier; months: number };
    }
  | {
      type: 'SignIn';
      sessionId: string;
      method: SignInMethod;
      /** Checked by the caller against the stored hash. */ passwordVerified?: boolean;
      /** Required with a password for an admin account. */
      secondFactor?: SecondFactor;
      /** With a code or a magic link: the proof of the address it is. */
      proof?: AddressProof;
    }
  | { type: 'EnrolTotp'; secretCiphertext: string; recoveryCodeHashes: string[]; sessionId: string; codeVerified: boolean }
  /** A signed-in admin's step-up with one of their recovery codes (its HMAC) instead of the app: the code is spent. */
  | { type: 'SpendRecoveryCode'; codeHash: string }
  /** Too many wrong second-factor codes in a row (counted by the caller): the second step is locked until `until`. */
  | { type: 'LockSecondStep'; wrongCodes: number; until: string }
  | { type: 'Block'; by: string; reason: string | null }
  | { type: 'Unblock' }
  /** The person's own request, confirmed with a code mailed to them. */
  | { type: 'DeleteAccount' }
  | { type: 'GrantComplimentary'; endsAt: string; at: string }
  | { type: 'RevokeComplimentary'; at: string }
  | { type: 'ChangeProfile'; displayName?: string | null }
  /**
   * A new address; while the current one is in force, asked with a code mailed to it (`codeVerified`) or by a session
   * `by` that signed in freshly (signedInFreshly).
   */
  | { type: 'RequestEmailChange'; email: string; codeVerified: boolean; by: { sessionId: string; at: string } }
  /** The confirmation link mailed to the address (or to the new one of a change) was followed; it signs that browser in. */
  | { type: 'VerifyEmail'; email: string; proof: AddressProof; sessionId: string }
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

const EMAIL_NOT_CONFIRMED = 'Confirm your e-mail address first: follow the link we sent to it, or sign in with a code sent to it.';

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

function decideUser(command: UserCommand, state: UserState): NewEvent[] {
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
    if (command.betaCode) events.push({ type: 'BetaCodeRedeemed', data: { userId, ...command.betaCode } });
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
        // Whoever set the password may not own the address: until its owner proves it, only they get in.
        if (!state.emailVerified && !requiresPassword(state)) throw forbidden('email_not_confirmed', EMAIL_NOT_CONFIRMED);
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
      return command.method !== 'password' ? [...proofEvents(state, command.proof), signedIn] : [...spent, signedIn];
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
    case 'SpendRecoveryCode':
      if (!requiresPassword(state)) throw forbidden('admin_only', 'Only admin accounts have recovery codes');
      return secondFactorEvents(state, { kind: 'recovery_code', codeHash: command.codeHash });
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
    case 'ChangeProfile':
      return command.displayName !== undefined && command.displayName !== state.displayName
        ? [{ type: 'ProfileChanged', data: { userId, displayName: command.displayName } }]
        : [];
    case 'RequestEmailChange': {
      const email = normalizeEmail(command.email);
      // Nothing is in force yet: the pending address is simply replaced, and the new one gets the confirmation.
      if (!state.emailVerified) return email === state.email ? [] : [{ type: 'ProfileChanged', data: { userId, email } }];
      if (!command.codeVerified && !signedInFreshly(state, command.by)) throw unauthorized('invalid_code', 'Invalid or expired code');
      if (email === state.email || email === state.pendingEmail) return [];
      return [{ type: 'EmailChangeRequested', data: { userId, email } }];
    }
    case 'VerifyEmail': {
      notBlocked(state);
      const email = normalizeEmail(command.email);
      let proved: NewEvent[];
      if (email === state.pendingEmail) proved = [{ type: 'EmailVerified', data: { userId, email } }];
      else if (email === state.email) proved = proofEvents(state, command.proof);
      else throw invalid('stale_verification', 'This link is for an e-mail address the account no longer uses');
      // The link reached the address's owner: it signs them in, as a magic link does (an admin signs in with a password).
      if (requiresPassword(state)) return proved;
      return [...proved, { type: 'UserSignedIn', data: { userId, sessionId: command.sessionId, method: 'magic_link' } }];
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

/**
 * The first proof of the account's address puts it in force; it ends the sessions opened before it and drops the
 * password set before it (kept only when the proof came from the very session that set it: then the one who chose
 * the password also reads the mail), and starts a beta code's trial. Answers nothing once the address is in force.
 */
function proofEvents(state: UserState & { id: string; email: string }, proof: AddressProof | undefined): NewEvent[] {
  if (state.emailVerified) return [];
  const userId = state.id;
  const events: NewEvent[] = [{ type: 'EmailVerified', data: { userId, email: state.email } }];
  const fromFirstSession = proof?.currentSessionId != null && proof.currentSessionId === state.firstSessionId;
  const passwordRemoved = state.hasPassword && !requiresPassword(state) && !fromFirstSession;
  if (state.signInCount > 0 || passwordRemoved) events.push({ type: 'UnprovenAccessRevoked', data: { userId, passwordRemoved } });
  if (state.betaTrial && !state.betaTrialUsed && proof && effectiveTier(state, new Date(proof.at)) === 'free') {
    events.push({
      type: 'SubscriptionTierChanged',
      data: {
        userId,
        tier: state.betaTrial.tier,
        status: 'trialing',
        source: BETA_SOURCE,
        startedAt: proof.at,
        expiresAt: trialEnd(new Date(proof.at), state.betaTrial.months).toISOString(),
        stripeSubscriptionId: null,
      },
    });
  }
  return events;
}

export const userDecider = { initialState: initialUserState, evolve: evolveUser, decide: decideUser };

/**
 * Uniqueness of e-mails and usernames: reservations written in the same transaction as the events. An address is
 * reserved when it is proved, never before: a pending address holds nothing against its owner.
 */
export function userReservations(events: NewEvent[]): { key: string; owner: string }[] {
  const keys: { key: string; owner: string }[] = [];
  for (const event of events) {
    const data = event.data as { userId: string; email?: string; username?: string | null };
    if (event.type === 'UserRegistered' && data.username) keys.push({ key: usernameReservation(data.username), owner: data.userId });
    if (event.type === 'EmailVerified') keys.push({ key: emailReservation(data.email!), owner: data.userId });
  }
  return keys;
}
