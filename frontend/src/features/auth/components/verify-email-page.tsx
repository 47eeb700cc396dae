/**
 * /verify-email?token=…&email=…: confirms an address from its mail, then goes on after 3 s to where the
 * server says (or home). Without both token and e-mail the link is invalid.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFollowLink } from '../../../lib/follow-link';
import { isNetworkError, serverMessageOf } from '../../../lib/http';
import { refreshSession } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-link';
import { AuthCard } from './auth-card';
import { GoHomeNow, LinkCheckFailedActions, LinkCheckState } from './link-check';

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
        <LinkCheckState state="error" title={link ? 'Verification Failed' : 'Invalid verification link'}>
          <p className="mt-2 text-sm text-zinc-300">{description}</p>
        </LinkCheckState>
        <LinkCheckFailedActions retry="Create an account" />
      </AuthCard>
    );
  }

  if (!answer) {
    return (
      <AuthCard testId="verify-email-page">
        <LinkCheckState state="loading" title="Verifying your email...">
          <p className="mt-2 text-sm text-zinc-300">{email}</p>
        </LinkCheckState>
      </AuthCard>
    );
  }

  const name = answer.user?.displayName;
  return (
    <AuthCard testId="verify-email-page">
      <LinkCheckState state="success" title={`Email verified${name ? `, ${name}` : ''}!`}>
        <p className="mt-2 text-sm text-zinc-300">{answer.message ?? `${answer.user?.email ?? email} is confirmed.`}</p>
        <p className="mt-2 text-sm text-zinc-400">Redirecting in 3 seconds...</p>
      </LinkCheckState>
      <GoHomeNow />
    </AuthCard>
  );
}
