/**
 * Contract of the `user-data` context: a listener's own data, downloaded as one JSON file built from their events in
 * the log (so it is also their proof of what they own), and the deletion of their account.
 */
import * as z from 'zod/mini';
import { endpoint, nullableText, success } from '../../platform/contract/endpoint.js';

const at = z.string();

const orderAlbum = z.object({ albumId: z.string(), title: z.string(), artistName: nullableText, price: z.number() });

/** One paid order as its receipt shows it, with its refund when there was one. */
export const exportedPurchase = z.object({
  orderId: z.string(),
  paidAt: at,
  email: z.string(),
  albums: z.array(orderAlbum),
  total: z.number(),
  currency: z.string(),
  refundedAt: z.nullable(at),
  refundedAmount: z.nullable(z.number()),
});

export const userExport = z.object({
  exportedAt: at,
  userId: z.string(),
  profile: z.object({
    email: z.string(),
    username: nullableText,
    displayName: nullableText,
    avatar: nullableText,
    emailVerified: z.boolean(),
    createdAt: nullableText,
  }),
  /** Albums kept in the library now, with when they were added. */
  library: z.array(z.object({ albumId: z.string(), addedAt: at })),
  favourites: z.object({
    tracks: z.array(z.object({ trackId: z.string(), albumId: z.string(), favouritedAt: at })),
    albums: z.array(z.object({ albumId: z.string(), favouritedAt: at })),
  }),
  plays: z.array(z.object({ trackId: z.string(), albumId: z.string(), playedAt: at, secondsListened: z.number() })),
  purchases: z.array(exportedPurchase),
  /** Every change of membership, in order: Stripe subscriptions, complimentary months, tier changes. */
  memberships: z.array(z.object({ event: z.string(), at, details: z.record(z.string(), z.unknown()) })),
  notifications: z.array(
    z.object({ id: z.string(), kind: z.string(), title: z.string(), message: z.string(), sentAt: at, read: z.boolean() }),
  ),
});
export type UserExport = z.infer<typeof userExport>;

export const exportMyData = endpoint({ answer: userExport });

/** A code is mailed to the account's address; a new request replaces the old code. */
export const requestDeletionAnswer = z.object({ success, email: z.string(), message: z.string() });
export const requestDeletion = endpoint({ answer: requestDeletionAnswer });

export const confirmDeletionAnswer = z.object({ success, message: z.string() });
export const confirmDeletion = endpoint({
  body: z.object({
    code: z.string({ error: 'Code required' }).check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail')),
  }),
  answer: confirmDeletionAnswer,
});
