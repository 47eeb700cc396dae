/**
 * /verify-email?token=…&email=…: confirms an address from its mail, then goes on after 3 s to where the
 * server says (or home). Without both token and e-mail the link is invalid.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, LoaderCircle, XCircle } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFollowLink } from '../../../lib/follow-link';
import { isNetworkError, serverMessageOf } from '../../../lib/http';
import { refreshSession } from '../../../lib/session';
import { buttonClass } from '../../../ui/button';
import { useVerifyEmail } from '../api/verify-link';
import { AuthCard } from './auth-card';

export const VERIFY_EMAIL_REDIRECT_MS = 3000;

export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const link = useMemo(() => (token && email ? { token, email } : null), [token, email]);
  const verification = useVerifyEmail(link);
  const followLink = useFollowLink();
  const queryClient = useQueryClient();
  const refreshed = useRef(false);
  const answer = verification.data;

  useEffect(() => {
    if (!answer) return;
    if (!refreshed.current) {
      refreshed.current = true;
      // A confirmed address shows on the profile; the session may also have started.
      void refreshSession(queryClient);
    }
    const timer = window.setTimeout(() => followLink(answer.redirectUrl || '/', 'this-window'), VERIFY_EMAIL_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [answer, followLink, queryClient]);

  if (!link || verification.isError) {
    const description = !link
      ? 'Invalid verification link. Please use the link from your email, or ask for a new one.'
      : isNetworkError(verification.error)
        ? 'Network error during verification'
        : (serverMessageOf(verification.error) ?? 'This verification link is invalid or has expired.');
    return (
      <AuthCard testId="verify-email-page">
        <div data-state="error" role="alert">
          <XCircle aria-hidden="true" className="size-10 text-red-300" />
          <h1 className="mt-4 text-2xl font-extrabold text-zinc-50">{link ? 'Verification Failed' : 'Invalid verification link'}</h1>
          <p className="mt-2 text-sm text-zinc-300">{description}</p>
        </div>
        <div className="mt-6 flex flex-wrap gap-2">
          <Link to="/free-signup" className={buttonClass()}>
            Create an account
          </Link>
          <Link to="/" className={buttonClass('secondary')}>
            Go to Home
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (!answer) {
    return (
      <AuthCard testId="verify-email-page">
        <div data-state="loading" role="status">
          <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-accent" />
          <h1 className="mt-4 text-2xl font-extrabold text-zinc-50">Verifying your email...</h1>
          <p className="mt-2 text-sm text-zinc-300">{email}</p>
        </div>
      </AuthCard>
    );
  }

  const name = answer.user?.displayName;
  return (
    <AuthCard testId="verify-email-page">
      <div data-state="success" role="status">
        <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-300" />
        <h1 className="mt-4 text-2xl font-extrabold text-zinc-50">Email verified{name ? `, ${name}` : ''}!</h1>
        <p className="mt-2 text-sm text-zinc-300">{answer.message ?? `${answer.user?.email ?? email} is confirmed.`}</p>
        <p className="mt-2 text-sm text-zinc-400">Redirecting in 3 seconds...</p>
      </div>
      <Link to="/" className={buttonClass('secondary', 'mt-6')}>
        Go to Home now
      </Link>
    </AuthCard>
  );
}
