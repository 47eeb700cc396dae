/**
 * Contract of the `admin-people` context: the admins' listener search, a listener's page (profile, membership,
 * purchases, library, plays, sign-ins), what an admin does to an account (complimentary Toko+, the admin role,
 * blocking), and the band page's fan signups with their CSV export. Lists are paged by an opaque cursor.
 */
import * as z from 'zod/mini';
import { endpoint, idParams, nullableText } from '../../platform/contract/endpoint.js';

const cursor = z.optional(z.string().check(z.minLength(1), z.maxLength(2000)));
// @__NO_SIDE_EFFECTS__
const page = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
const role = z.enum(['user', 'admin']);
/** What an admin may do (an owner: everything); the order the screens list them in. */
export const adminPermission = z.enum(['catalogue', 'people', 'money', 'operations', 'owner']);
export type AdminPermission = z.infer<typeof adminPermission>;
/** The tier in force now (a complimentary or trial membership past its end is free). */
const tierNow = z.enum(['free', 'toko_plus']);

export const userRow = z.object({
  id: z.string(),
  email: z.string(),
  displayName: nullableText,
  username: nullableText,
  role,
  tier: tierNow,
  /** stripe, beta, complimentary…; null for a listener who never had Toko+. */
  subscriptionSource: nullableText,
  subscriptionExpiresAt: nullableText,
  blocked: z.boolean(),
  createdAt: nullableText,
  lastSignInAt: nullableText,
});
export type UserRow = z.infer<typeof userRow>;

/** The orders of the whole list: the name shown (the display name, else the username), the e-mail, joining, last sign-in. */
export const peopleSort = z.enum(['name', 'email', 'joined', 'lastSignIn'], {
  error: 'Sort by name, email, joined or lastSignIn',
});
export type PeopleSort = z.infer<typeof peopleSort>;
export const sortOrder = z.enum(['asc', 'desc'], { error: 'The order is asc or desc' });
export type SortOrder = z.infer<typeof sortOrder>;
/** The way an order goes when the query names none: names and addresses A to Z, moments newest first. */
export const firstOrderOf = (sort: PeopleSort): SortOrder => (sort === 'name' || sort === 'email' ? 'asc' : 'desc');

export const searchUsersAnswer = page(userRow);
export const searchUsers = endpoint({
  query: z
    .object({
      /**
       * Words that begin a word of the e-mail, the name or the username. Its results come by the word they match (A to Z,
       * then by account), so it takes no `sort`. Without it, the list is everyone in `sort` order (newest first by default).
       */
      q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search for at most 100 characters'))),
      sort: z.optional(peopleSort),
      /** Default: firstOrderOf(sort). Accounts without a name or a sign-in come last either way. */
      order: z.optional(sortOrder),
      limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
      cursor,
    })
    .check(
      z.refine((query) => !(query.q && (query.sort || query.order)), {
        message: 'Search results come in the order of the words they match: clear the search to sort everyone',
        path: ['sort'],
      }),
    ),
  answer: searchUsersAnswer,
});

export const adminUser = z.object({
  ...userRow.shape,
  emailVerified: z.boolean(),
  avatarUrl: nullableText,
  subscriptionStatus: nullableText,
  subscriptionStartedAt: nullableText,
  signInCount: z.number(),
  /** An admin's authenticator app is set up. */
  totpEnrolled: z.boolean(),
  /** What the account may do as an admin; none for a listener. */
  permissions: z.array(adminPermission),
});
export type AdminUser = z.infer<typeof adminUser>;

const membershipChange = z.object({
  at: z.string(),
  /** Who changed it: the listener, an admin's id, stripe's webhook, the setup. */
  actor: z.string(),
  /** The actor in words: "The listener", "Stripe", "The system", "Admin <name>". */
  actorName: z.string(),
  tier: z.enum(['free', 'toko_plus']),
  status: z.string(),
  source: z.string(),
  startedAt: nullableText,
  expiresAt: nullableText,
});
const signIn = z.object({ at: z.string(), method: z.string(), secondFactor: nullableText });
const purchase = z.object({
  orderId: z.string(),
  albumId: z.string(),
  title: z.string(),
  artistName: nullableText,
  /** Dollars, as the purchase recorded it. */
  purchasePrice: z.number(),
  purchaseDate: z.string(),
});

export const getUserAnswer = z.object({
  user: adminUser,
  /** Oldest first. */
  membershipHistory: z.array(membershipChange),
  purchases: z.array(purchase),
  librarySize: z.number(),
  plays: z.number(),
  /** The last 10, newest first. */
  recentSignIns: z.array(signIn),
});
export const getUser = endpoint({ params: idParams, answer: getUserAnswer });

export const adminUserChange = z.object({ user: adminUser, message: z.string() });

export const grantComplimentary = endpoint({
  params: idParams,
  body: z.object({
    endsAt: z.iso.datetime({ offset: true, error: 'Choose an end date and time' }),
  }),
  answer: adminUserChange,
});
export const revokeComplimentary = endpoint({ params: idParams, answer: adminUserChange });

/** An owner's change of an account's role: an admin with what they may do (at least one thing), or a listener. */
export const changeRole = endpoint({
  params: idParams,
  body: z.discriminatedUnion(
    'role',
    [
      z.object({
        role: z.literal('admin'),
        permissions: z.array(adminPermission).check(z.minLength(1, 'Choose at least one thing this admin may do')),
      }),
      z.object({ role: z.literal('user') }),
    ],
    { error: 'The role is "user" or "admin"' },
  ),
  answer: adminUserChange,
});

export const block = endpoint({
  params: idParams,
  body: z.object({ reason: z.nullish(z.string().check(z.trim(), z.maxLength(500, 'Say why in at most 500 characters'))) }),
  answer: adminUserChange,
});
export const unblock = endpoint({ params: idParams, answer: adminUserChange });

export const fanSignup = z.object({ band: z.string(), email: z.string(), signedUpAt: z.string() });
export const listFanSignupsAnswer = page(fanSignup);
export const listFanSignups = endpoint({ query: z.object({ cursor }), answer: listFanSignupsAnswer });
export const exportFanSignupsAnswer = z.string();
/** Every signup as CSV (text/csv: band,email,signed_up_at), oldest first. */
export const exportFanSignups = endpoint({ answer: exportFanSignupsAnswer });
