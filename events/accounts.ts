/**
 * Who a person is: the events of the user stream `user#<id>` and of their notifications stream
 * `notifications#<id>`. No secret ever appears here: sign-in codes and links live only as HMACs in
 * `ephemeral`; a password appears only as its scrypt hash.
 */
import * as z from 'zod';
import { defineEvent } from './envelope.js';

const id = z.string().min(1);
/** Trimmed and lower-cased: one account per address, whatever the capitals. */
const email = z.string().email();
const isoDateTime = z.string().datetime();

export const userRoleSchema = z.enum(['user', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;
export const subscriptionTierSchema = z.enum(['free', 'toko_plus']);
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;

export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: id,
    email,
    /** Chosen at beta signup; null for an account opened with an e-mail code or link. */
    username: z.string().min(1).nullable(),
    displayName: z.string().min(1).nullable(),
    /** How the account was opened. */
    source: z.enum(['email_code', 'magic_link', 'beta_signup', 'admin_setup']),
  }),
);

/** The person proved they read this address (a code, a magic link or a verification link). */
export const EmailVerified = defineEvent('EmailVerified', z.object({ userId: id, email }));

export const UserSignedIn = defineEvent(
  'UserSignedIn',
  z.object({ userId: id, sessionId: id, method: z.enum(['email_code', 'magic_link', 'password']) }),
);

/** Only the fields that changed; a new e-mail must be verified again. */
export const ProfileChanged = defineEvent(
  'ProfileChanged',
  z.object({
    userId: id,
    displayName: z.string().min(1).nullable().optional(),
    email: email.optional(),
  }),
);

export const AvatarChanged = defineEvent(
  'AvatarChanged',
  z.object({
    userId: id,
    /** File name under uploads/avatars/ in the media bucket. */
    avatar: z.string().min(1),
    contentType: z.string().min(1),
    bytes: z.number().int().positive(),
  }),
);

/** The scrypt hash of a new password (never the password). */
export const PasswordSet = defineEvent('PasswordSet', z.object({ userId: id, passwordHash: z.string().min(1) }));

export const UserRoleChanged = defineEvent('UserRoleChanged', z.object({ userId: id, role: userRoleSchema }));

export const SubscriptionTierChanged = defineEvent(
  'SubscriptionTierChanged',
  z.object({
    userId: id,
    tier: subscriptionTierSchema,
    /** e.g. active, trialing, cancelled, inactive. */
    status: z.string().min(1),
    /** e.g. stripe, beta. */
    source: z.string().min(1),
    startedAt: isoDateTime.nullable(),
    /** The tier falls back to free after this instant unless renewed (a Stripe plan is ended by Stripe instead). */
    expiresAt: isoDateTime.nullable(),
    stripeSubscriptionId: z.string().min(1).nullable(),
  }),
);

export const notificationContentSchema = z.object({
  /** welcome, purchase, subscription, new_release, …: what the notification is about. */
  kind: z.string().min(1),
  title: z.string().min(1).max(200),
  message: z.string().min(1).max(2000),
  actionText: z.string().min(1).max(100).nullable(),
  /** Relative (in-app) or absolute. */
  actionUrl: z.string().min(1).max(2000).nullable(),
  /** Also sent by e-mail (the mailer consumer). */
  mail: z.boolean(),
});
export type NotificationContent = z.infer<typeof notificationContentSchema>;

export const NotificationSent = defineEvent('NotificationSent', notificationContentSchema.extend({ notificationId: id, userId: id }));

export const NotificationsRead = defineEvent('NotificationsRead', z.object({ userId: id, notificationIds: z.array(id).min(1).max(90) }));

export const NotificationDeleted = defineEvent('NotificationDeleted', z.object({ userId: id, notificationId: id }));
