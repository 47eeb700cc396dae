/**
 * /magic-login?token=…: the link from the sign-in mail. It signs in, then goes home after 2 s, or to
 * checkout after 1.5 s when the link carried the Toko+ intent.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFollowLink } from '../../../lib/follow-link';
import { isNetworkError, serverMessageOf } from '../../../lib/http';
import { useVerifyMagicLink } from '../api/verify-link';
import { useCompleteSignIn } from '../complete-sign-in';
import { AuthCard } from './auth-card';
import { GoHomeNow, LinkCheckFailedActions, LinkCheckState } from './link-check';

export const MAGIC_LINK_REDIRECT_MS = 2000;
export const MAGIC_LINK_CHECKOUT_REDIRECT_MS = 1500;

export function MagicLoginPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const verification = useVerifyMagicLink(token);
  const completeSignIn = useCompleteSignIn();
  const followLink = useFollowLink();
  const completed = useRef(false);

  const answer = verification.data;
  const toCheckout = Boolean(answer?.subscriptionIntent && answer.checkoutUrl);
  useEffect(() => {
    if (!answer || completed.current) return;
    completed.current = true;
    void completeSignIn({ email: '', isNewUser: Boolean(answer.isNewUser), subscriptionIntent: false });
  }, [answer, completeSignIn]);
  useEffect(() => {
    if (!answer) return;
    const timer = window.setTimeout(
      () => followLink(toCheckout && answer.checkoutUrl ? answer.checkoutUrl : '/', 'this-window'),
      toCheckout ? MAGIC_LINK_CHECKOUT_REDIRECT_MS : MAGIC_LINK_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [answer, toCheckout, followLink]);

  if (!token || verification.isError) {
    const reason = !token
      ? 'This sign-in link is missing its token. Ask for a new one.'
      : isNetworkError(verification.error)
        ? 'Network error during verification'
        : (serverMessageOf(verification.error) ?? 'This sign-in link is invalid or has expired.');
    return (
      <AuthCard testId="magic-login-page">
        <LinkCheckState state="error" title={token ? 'Sign-in link not valid' : 'Invalid sign-in link'}>
          <p className="mt-2 text-sm text-zinc-300">{reason}</p>
        </LinkCheckState>
        <LinkCheckFailedActions retry="Get a new link" />
      </AuthCard>
    );
  }

  if (!answer) {
    return (
      <AuthCard testId="magic-login-page">
        <LinkCheckState state="loading" title="Signing you in..." className="flex flex-col items-start">
          <p className="mt-2 text-sm text-zinc-300">Checking your sign-in link.</p>
        </LinkCheckState>
      </AuthCard>
    );
  }

  return (
    <AuthCard testId="magic-login-page">
      <LinkCheckState state="success" title="You're signed in!">
        <p className="mt-2 text-sm text-zinc-300">{answer.message ?? `Welcome ${answer.isNewUser ? 'to' : 'back to'} ${brand.product}.`}</p>
        <p className="mt-2 text-sm text-zinc-400">{toCheckout ? `Taking you to ${brand.productPlus} checkout...` : 'Taking you home...'}</p>
      </LinkCheckState>
      <GoHomeNow />
    </AuthCard>
  );
}
