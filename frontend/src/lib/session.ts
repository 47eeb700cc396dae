/**
 * Who is listening: the signed-in user (null for a guest). The session itself is an HttpOnly cookie the
 * SPA never sees; this query is the one place screens learn about it. As the spec has it, the SPA asks
 * `GET /api/session/validate` (a guest is a 200 with no user, so a first visit logs no failed request)
 * and falls back to `GET /api/users/me` (401 → guest) when that call fails.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { HttpError, request } from './http';

export const userSchema = z.object({
  id: z.string(),
  username: z.nullish(z.string()),
  displayName: z.nullish(z.string()),
  email: z.nullish(z.string()),
  avatar: z.nullish(z.string()),
  subscriptionTier: z.string(),
  isSubscriber: z.optional(z.boolean()),
  isAdmin: z.optional(z.boolean()),
  subscriptionStatus: z.nullish(z.string()),
  subscriptionStartedAt: z.nullish(z.string()),
  subscriptionExpiresAt: z.nullish(z.string()),
  subscriptionSource: z.nullish(z.string()),
  stripeSubscriptionId: z.nullish(z.string()),
  /** The avatar's address with its version, `/uploads/avatars/{id}.jpg?v=…`. */
  avatarUrl: z.nullish(z.string()),
  /** When the avatar last changed (ISO or epoch ms): the version in the avatar's URL. */
  avatarUpdatedAt: z.nullish(z.union([z.string(), z.number()])),
  emailVerified: z.nullish(z.boolean()),
  createdAt: z.nullish(z.string()),
});
export type SessionUser = z.infer<typeof userSchema>;

const validateSchema = z.object({ user: z.nullable(userSchema), needsAuth: z.boolean() });

export const sessionKeys = { all: ['session'] as const, me: () => [...sessionKeys.all, 'me'] as const };

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      try {
        return (await request('/api/session/validate', validateSchema, { signal })).user;
      } catch (error) {
        if (signal.aborted) throw error;
      }
      try {
        return await request('/api/users/me', userSchema, { signal });
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 30_000,
    retry: (failures, error) => !(error instanceof HttpError && error.status === 401) && failures < 2,
  });

export const isSubscriber = (user: SessionUser | null | undefined) =>
  Boolean(user && (user.isSubscriber || (user.subscriptionTier !== 'free' && user.subscriptionTier !== undefined)));
export const isAdmin = (user: SessionUser | null | undefined) => Boolean(user && (user.isAdmin || user.subscriptionTier === 'admin'));

/**
 * After signing in or out: read the session again first (the header follows it), then every other read,
 * since access, prices, the library and notifications all depend on who is listening.
 */
export async function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  await queryClient.invalidateQueries({ queryKey: sessionKeys.all, refetchType: 'all' });
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
  return queryClient.getQueryData(sessionKeys.me()) ?? null;
}

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isSignedIn: user !== null, isSubscriber: isSubscriber(user), isAdmin: isAdmin(user) };
}
