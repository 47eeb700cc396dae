/**
 * Signing out: the server revokes the session and clears its cookie (POST /api/auth/logout; the account page
 * uses GET /api/auth/logout). Then 'Logout complete' and, after 500 ms to read it, a fresh load of
 * the home page, so nothing of the signed-in listener stays in memory.
 */
import { useMutation } from '@tanstack/react-query';
import { logoutAnswer } from '#contract/accounts.js';
import { noBody } from '#contract/endpoint.js';
import { api, HttpError } from '../../../lib/http';
import { toast } from '../../../ui/toast';

export const SIGN_OUT_RELOAD_DELAY_MS = 500;

export async function signOut(method: 'POST' | 'GET'): Promise<void> {
  try {
    // GET answers with a redirect to the home page, POST with JSON.
    await (method === 'GET' ? api('GET /api/auth/logout', noBody) : api('POST /api/auth/logout', logoutAnswer));
  } catch (error) {
    // A session that had already ended is signed out all the same.
    if (!(error instanceof HttpError && error.status === 401)) throw error;
  }
}

export function useSignOut(method: 'POST' | 'GET' = 'POST') {
  return useMutation({
    mutationFn: () => signOut(method),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Logout complete', description: 'See you soon.' });
      window.setTimeout(() => window.location.assign('/'), SIGN_OUT_RELOAD_DELAY_MS);
    },
    // The session cookie is HttpOnly: if the server did not end it, the browser is still signed in, so say so.
    onError: () => toast({ variant: 'destructive', title: 'Logout failed', description: 'Failed to logout' }),
  });
}
