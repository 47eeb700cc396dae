/**
 * What happens once the server has started the session (code, magic link, password): read the session
 * again, greet the listener, and after 500 ms (time to see the greeting) go where the sign-in was headed (Toko+ checkout
 * when that was the intent, the server's redirect, or the page's own next stop).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { brand } from '../../lib/brand';
import { useFollowLink } from '../../lib/follow-link';
import { isSubscriber, refreshSession, type SessionUser } from '../../lib/session';
import { toast } from '../../ui/toast';

export const REDIRECT_DELAY_MS = 500;
const RELOAD_DELAY_MS = 1000;
/** The subscription intent leads here after signing in: the route that starts the Toko+ checkout. */
export const SUBSCRIPTION_CHECKOUT_PATH = '/subscription-checkout';

export interface SignInResult {
  email: string;
  isNewUser: boolean;
  /** The Toko+ box was ticked, or the server remembered that intent. */
  subscriptionIntent: boolean;
  /** The sign-in was started by checking out the album cart: the checkout goes on right after. */
  cartCheckoutIntent?: boolean;
  redirectUrl?: string | null;
}

/** What the listener is told when a cart checkout goes on after signing in. */
export const CART_CHECKOUT_WELCOME = { title: 'Welcome back!', description: 'Redirecting to secure checkout...' } as const;

/** Where to go after signing in, or null to stay; a subscriber is never sent to checkout again. */
export function nextStopAfterSignIn(result: SignInResult, user: SessionUser | null, fallback?: string): string | null {
  if (result.subscriptionIntent && !isSubscriber(user)) return SUBSCRIPTION_CHECKOUT_PATH;
  return result.redirectUrl || fallback || null;
}

export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const followLink = useFollowLink();
  return useCallback(
    async (result: SignInResult, fallback?: string): Promise<SessionUser | null> => {
      const user = await refreshSession(queryClient);
      if (!user) {
        toast({ variant: 'destructive', title: 'Sign-in failed', description: 'Your session could not be started. Please try again' });
        return null;
      }
      const next = nextStopAfterSignIn(result, user, fallback);
      toast(
        result.cartCheckoutIntent
          ? { variant: 'success', ...CART_CHECKOUT_WELCOME, duration: 3000 }
          : {
              variant: 'success',
              title: result.isNewUser ? `Welcome to ${brand.product}!` : 'Welcome back!',
              description:
                next === SUBSCRIPTION_CHECKOUT_PATH
                  ? `Taking you to ${brand.productPlus} checkout...`
                  : `You're signed in as ${user.email ?? result.email}.`,
              duration: 3000,
            },
      );
      if (next) window.setTimeout(() => followLink(next, 'this-window'), REDIRECT_DELAY_MS);
      return user;
    },
    [queryClient, followLink],
  );
}

/** The server signed this browser in without a code: say so and reload after 1 s, time to read it. */
export function completeInstantSignIn(): void {
  toast({ variant: 'success', title: 'Welcome back!', description: "You've been signed in automatically" });
  window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
}
