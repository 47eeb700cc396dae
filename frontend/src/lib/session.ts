/**
 * Who is listening: the signed-in user (null for a guest). The session itself is an HttpOnly cookie the
 * SPA never sees; this query is the one place screens learn about it. The SPA asks
 * `GET /api/session/validate` (a guest is a 200 with no user, so a first visit logs no failed request)
 * and falls back to `GET /api/users/me` (401 → guest) when that call fails.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '#contract/accounts.js';
import { api, HttpError } from './http';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const accountsSchemas = () => import('#contract/accounts.js');

export type SessionUser = User;

export const sessionKeys = { all: ['session'] as const, me: () => [...sessionKeys.all, 'me'] as const };

/** After a "session corrupted" answer, how long before the session is asked once more (once, not in a loop). */
export const SESSION_RECHECK_MS = 500;
/** When the last re-check was scheduled: a session still corrupted on its re-check is not asked again in a loop. */
let recheckScheduledAt = Number.NEGATIVE_INFINITY;

const isCorrupted = (error: unknown) => error instanceof HttpError && error.code === 'session_corrupted';

/**
 * The server could not read the session and cleared its cookie: no user now, and one more look shortly, which finds
 * the guest (or a session another tab has just opened).
 */
function recheckSoon(client: QueryClient) {
  if (Date.now() - recheckScheduledAt <= 10 * SESSION_RECHECK_MS) return;
  recheckScheduledAt = Date.now();
  setTimeout(() => void client.invalidateQueries({ queryKey: sessionKeys.me() }), SESSION_RECHECK_MS);
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: async ({ signal, client }): Promise<SessionUser | null> => {
      try {
        return (await api('GET /api/session/validate', () => accountsSchemas().then((c) => c.validateSessionAnswer), { signal })).user;
      } catch (error) {
        if (signal.aborted) throw error;
        if (isCorrupted(error)) {
          recheckSoon(client);
          return null;
        }
      }
      try {
        return await api('GET /api/users/me', () => accountsSchemas().then((c) => c.user), { signal });
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 401)) throw error;
        if (isCorrupted(error)) recheckSoon(client);
        return null;
      }
    },
    staleTime: 30_000,
    retry: (failures, error) => !(error instanceof HttpError && error.status === 401) && failures < 2,
  });

export const isSubscriber = (user: SessionUser | null | undefined) =>
  Boolean(user && (user.isSubscriber || user.subscriptionTier !== 'free'));
export const isAdmin = (user: SessionUser | null | undefined) => Boolean(user && (user.isAdmin || user.subscriptionTier === 'admin'));

export type AdminPermission = SessionUser['adminPermissions'][number];
/** Whether the admin may do this kind of work (an owner may do all); the server checks it again on every call. */
const adminMay = (user: SessionUser | null | undefined, permission: AdminPermission) =>
  isAdmin(user) && Boolean(user?.adminPermissions.includes(permission) || user?.adminPermissions.includes('owner'));

/**
 * After signing in or out: read the session again first (the header follows it), then every other read,
 * since access, prices, the library and notifications all depend on who is listening.
 */
export async function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  await queryClient.invalidateQueries({ queryKey: sessionKeys.all, refetchType: 'all' });
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
  return queryClient.getQueryData(sessionKeys.me()) ?? null;
}

/**
 * `isSettled`: this tab has asked who is listening. A pre-rendered page brings a guest's session as a guess, dated 0
 * (prerender/render-page.tsx): it draws the page as a guest sees it, but an action that tells signing in from doing
 * (add to library, favourite, upgrade) waits for the answer. A failed answer settles it as the guess.
 */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  const user = query.data ?? null;
  const isGuess = query.isSuccess && query.dataUpdatedAt === 0;
  return {
    user,
    isLoading: query.isLoading,
    isSettled: !query.isLoading && !isGuess,
    isSignedIn: user !== null,
    isSubscriber: isSubscriber(user),
    isAdmin: isAdmin(user),
    /** Whether the signed-in admin may do this kind of work. */
    adminMay: (permission: AdminPermission) => adminMay(user, permission),
  };
}

/** Who is listening, asked now if this tab has not asked yet (`useSession().isSettled`). */
export const whoIsListening = (queryClient: QueryClient) => queryClient.fetchQuery(sessionQueryOptions());
