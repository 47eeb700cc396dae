/**
 * Who a person is: the events of the user stream `user#<id>` and of their notifications stream
 * `notifications#<id>`. No secret ever appears here: sign-in codes and links live only as HMACs in
 * `ephemeral`; a password appears only as its scrypt hash.
 */
import * as z from 'zod/mini';
import { DELETED, defineEvent, olderVersion, userOwner } from './envelope.js';
import { integer, isoDateTime, nonEmpty, positiveInteger } from './fields.js';

const id = nonEmpty;
/** Trimmed and lower-cased: one account per address, whatever the capitals. */
const email = z.email();

export const userRoleSchema = z.enum(['user', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;
/**
 * What an admin may do: run the catalogue, look after people (support), handle money (refunds, statements,
 * exports), run operations (redrive, rebuild, drop, heal), or, as an owner, everything, including who may do what.
 */
export const adminPermissionSchema = z.enum(['catalogue', 'people', 'money', 'operations', 'owner']);
export type AdminPermission = z.infer<typeof adminPermissionSchema>;
const adminPermissions = z.array(adminPermissionSchema);
export const subscriptionTierSchema = z.enum(['free', 'toko_plus']);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: id,
    email,
    /** Chosen at beta signup; null for an account opened with an e-mail code or link. */
    username: z.nullable(nonEmpty),
    displayName: z.nullable(nonEmpty),
    /** How the account was opened. */
    source: z.enum(['email_code', 'magic_link', 'beta_signup', 'admin_setup']),
  }),
  [],
  { owner: userOwner, fields: { email: DELETED.email, username: DELETED.name, displayName: DELETED.name } },
);

/** The person proved they read this address (a code, a magic link or a verification link). */
export const EmailVerified = defineEvent('EmailVerified', z.object({ userId: id, email }), [], {
  owner: userOwner,
  fields: { email: DELETED.email },
});

export const UserSignedIn = defineEvent(
  'UserSignedIn',
  z.object({
    userId: id,
    sessionId: id,
    method: z.enum(['email_code', 'magic_link', 'password']),
    /** An admin's password sign-in also gave this second factor (absent for everyone else, and before admins had one). */
    secondFactor: z.optional(z.enum(['totp', 'recovery_code'])),
  }),
);

/** Only the fields that changed; a new e-mail must be verified again. */
export const ProfileChanged = defineEvent(
  'ProfileChanged',
  z.object({
    userId: id,
    displayName: z.optional(z.nullable(nonEmpty)),
    email: z.optional(email),
  }),
  [],
  { owner: userOwner, fields: { displayName: DELETED.name, email: DELETED.email } },
);

export const AvatarChanged = defineEvent(
  'AvatarChanged',
  z.object({
    userId: id,
    /** File name under uploads/avatars/ in the media bucket. */
    avatar: nonEmpty,
    contentType: nonEmpty,
    bytes: positiveInteger,
  }),
  [],
  { owner: userOwner, fields: { avatar: DELETED.text } },
);

/**
 * The first proof of the account's address (a code, a magic link or a confirmation link) ended every session
 * opened before it and, when `passwordRemoved`, the password set before it: whoever opened the account under
 * this address without reading its mail is locked out of it.
 */
export const UnprovenAccessRevoked = defineEvent('UnprovenAccessRevoked', z.object({ userId: id, passwordRemoved: z.boolean() }));

/**
 * The listener asked to move the account to this address, with a code mailed to the address in force. The
 * old address stays in force until this one is confirmed by the link mailed to it (EmailVerified).
 */
export const EmailChangeRequested = defineEvent('EmailChangeRequested', z.object({ userId: id, email }), [], {
  owner: userOwner,
  fields: { email: DELETED.email },
});

/** The beta signup carried a beta code: its trial starts when the address is proved, once per account. */
export const BetaCodeRedeemed = defineEvent(
  'BetaCodeRedeemed',
  z.object({ userId: id, tier: subscriptionTierSchema, months: positiveInteger }),
);

/** The scrypt hash of a new password (never the password). */
export const PasswordSet = defineEvent('PasswordSet', z.object({ userId: id, passwordHash: nonEmpty }), [], undefined, ['passwordHash']);

const roleChangedV1 = z.object({ userId: id, role: userRoleSchema });
/**
 * The account's role, and what it may do as an admin (none for a listener). Before permissions existed every admin
 * could do everything: an older admin's change reads as an owner's, so no admin loses what they had.
 */
export const UserRoleChanged = defineEvent('UserRoleChanged', z.extend(roleChangedV1, { permissions: adminPermissions }), [
  olderVersion(roleChangedV1, (d) => ({ ...d, permissions: d.role === 'admin' ? ['owner'] : [] })),
]);

/** The recovery codes of an admin's second factor: how many, each shown once and kept only as its HMAC. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * An admin set up their authenticator app. The TOTP secret is here only as AES-256-GCM ciphertext under a key the
 * event log never holds (functions/accounts/totp.ts); the recovery codes only as HMACs.
 */
export const AdminTotpEnrolled = defineEvent(
  'AdminTotpEnrolled',
  z.object({
    userId: id,
    secretCiphertext: nonEmpty,
    recoveryCodeHashes: z.array(nonEmpty).check(z.length(RECOVERY_CODE_COUNT)),
  }),
  [],
  undefined,
  ['secretCiphertext', 'recoveryCodeHashes'],
);

/**
 * Too many wrong second-factor codes in a row: the account's second step is refused until `until`, and the admin is
 * mailed (someone may hold their password).
 */
export const AdminSecondStepLocked = defineEvent(
  'AdminSecondStepLocked',
  z.object({ userId: id, wrongCodes: integer, until: isoDateTime }),
);

/** One recovery code (its place in the enrolment's list) was spent on a sign-in: it never works again. */
export const AdminRecoveryCodeUsed = defineEvent(
  'AdminRecoveryCodeUsed',
  z.object({
    userId: id,
    index: integer.check(z.gte(0), z.lte(RECOVERY_CODE_COUNT - 1)),
  }),
);

/** An admin blocked the account: its sessions end at once and it cannot sign in until unblocked. */
export const AccountBlocked = defineEvent('AccountBlocked', z.object({ userId: id, reason: z.nullable(nonEmpty.check(z.maxLength(500))) }));
export const AccountUnblocked = defineEvent('AccountUnblocked', z.object({ userId: id }));

/**
 * The person deleted their account (with a code mailed to them): their data key is deleted with it, so their personal
 * fields read as placeholders everywhere; their sessions end at once; their purchases and plays still count, by amount.
 */
export const AccountDeleted = defineEvent('AccountDeleted', z.object({ userId: id }));

/** An admin gave the listener Toko+ until `endsAt` (the tier itself moves by the SubscriptionTierChanged beside it). */
export const ComplimentaryMembershipGranted = defineEvent('ComplimentaryMembershipGranted', z.object({ userId: id, endsAt: isoDateTime }));
export const ComplimentaryMembershipRevoked = defineEvent('ComplimentaryMembershipRevoked', z.object({ userId: id }));

/**
 * The label's admins, on the one stream `admin-roster#label`, appended in the same transaction as the user's
 * UserRoleChanged: its fold is the count that keeps the last admin from being removed, whatever runs at once.
 */
const appointedV1 = z.object({ userId: id });
/** Appointed, or appointed again with other permissions; every admin appointed before permissions existed is an owner. */
export const AdminAppointed = defineEvent('AdminAppointed', z.extend(appointedV1, { permissions: adminPermissions }), [
  olderVersion(appointedV1, (d) => ({ ...d, permissions: ['owner'] })),
]);
export const AdminDismissed = defineEvent('AdminDismissed', z.object({ userId: id }));

export const SubscriptionTierChanged = defineEvent(
  'SubscriptionTierChanged',
  z.object({
    userId: id,
    tier: subscriptionTierSchema,
    /** e.g. active, trialing, cancelled, inactive. */
    status: nonEmpty,
    /** e.g. stripe, beta. */
    source: nonEmpty,
    startedAt: z.nullable(isoDateTime),
    /** The tier falls back to free after this instant unless renewed (a Stripe plan is ended by Stripe instead). */
    expiresAt: z.nullable(isoDateTime),
    stripeSubscriptionId: z.nullable(nonEmpty),
  }),
);

export const notificationContentSchema = z.object({
  /** welcome, purchase, subscription, new_release, …: what the notification is about. */
  kind: nonEmpty,
  title: nonEmpty.check(z.maxLength(200)),
  message: nonEmpty.check(z.maxLength(2000)),
  actionText: z.nullable(nonEmpty.check(z.maxLength(100))),
  /** Relative (in-app) or absolute. */
  actionUrl: z.nullable(nonEmpty.check(z.maxLength(2000))),
  /** Also sent by e-mail (the mailer consumer). */
  mail: z.boolean(),
});
export type NotificationContent = z.infer<typeof notificationContentSchema>;

/** Its words may name the person ("Welcome, Ada"), so they are theirs. */
export const NotificationSent = defineEvent(
  'NotificationSent',
  z.extend(notificationContentSchema, { notificationId: id, userId: id }),
  [],
  {
    owner: userOwner,
    fields: { title: DELETED.text, message: DELETED.text },
  },
);

export const NotificationsRead = defineEvent(
  'NotificationsRead',
  z.object({ userId: id, notificationIds: z.array(id).check(z.minLength(1), z.maxLength(90)) }),
);

export const NotificationDeleted = defineEvent('NotificationDeleted', z.object({ userId: id, notificationId: id }));
