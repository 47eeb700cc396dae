/**
 * /auth: sign-in as a page, reached from the album cart (a guest checkout). After signing in it goes on to
 * `?redirect=` (paths of this app only) or home; /login goes home and opens the sign-in modal.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { inAppPathOr } from '../../../lib/links';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { Skeleton } from '../../../ui/skeleton';
import { useOpenAccountDialog } from './account-dialog-provider';
import { AuthCard } from './auth-card';
import { SignInFlow } from './sign-in-flow';

export function AuthPage() {
  useDocumentTitle('Sign in');
  const [params] = useSearchParams();
  // Only a path of this app may follow sign-in: an open redirect would hand the fresh session's tab to anyone.
  const next = inAppPathOr(params.get('redirect'), window.location.origin, '/');
  const { isSignedIn, isLoading } = useSession();
  // Decided once: a listener who arrives signed in goes straight on; one who signs in here goes on after
  // the sign-in's own 500 ms pause, not the instant the session changes.
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && !isLoading) setArrivedSignedIn(isSignedIn);

  if (arrivedSignedIn === null) {
    return (
      <AuthCard testId="auth-page">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="mt-6 h-11 w-full" />
      </AuthCard>
    );
  }
  if (arrivedSignedIn) return <Navigate to={next} replace />;
  return (
    <AuthCard testId="auth-page">
      <SignInFlow surface="page" initialMode="sign-in" then={next} onSignedIn={() => undefined} onInstantSignIn={() => undefined} />
    </AuthCard>
  );
}

export function LoginRedirect() {
  const navigate = useNavigate();
  const openAccountDialog = useOpenAccountDialog();
  const { isSignedIn, isLoading } = useSession();
  useEffect(() => {
    if (isLoading) return;
    void navigate('/', { replace: true });
    if (!isSignedIn) openAccountDialog('sign-in');
  }, [isLoading, isSignedIn, navigate, openAccountDialog]);
  return null;
}
