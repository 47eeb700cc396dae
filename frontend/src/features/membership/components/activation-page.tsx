/**
 * /subscription-activated: after subscribing elsewhere (a link in a receipt, the band pages), checks that
 * the signed-in account has Toko+: checking (after 1 s), then found, not-found or error, with a
 * retry. Buttons go to /login, /exclusive and /.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { refreshSession, useSession } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/button';
import { checkSubscription } from '../api/check-subscription';
import { membershipKeys } from '../api/membership-keys';
import { ACTIVATION_CHECK_DELAY_MS } from '../plans';
import { activationState } from '../subscription-result';
import { useTimePassed } from '../use-membership-polling';
import { ResultCard, SubscriptionResult } from './result-card';

const TEST_ID = 'activation-page';

export function ActivationPage() {
  useDocumentTitle(`${brand.productPlus} activation`);
  const session = useSession();
  const queryClient = useQueryClient();
  const email = session.user?.email ?? '';
  const delay = useTimePassed(ACTIVATION_CHECK_DELAY_MS);
  const check = useQuery({
    queryKey: membershipKeys.check(email),
    queryFn: () => checkSubscription(email),
    enabled: delay.passed && email !== '',
    retry: false,
    staleTime: 0,
  });

  const state = activationState({
    sessionLoading: session.isLoading,
    signedIn: session.isSignedIn,
    hasEmail: email !== '',
    isSubscriber: check.isFetching ? undefined : check.data,
    checkFailed: check.isError && !check.isFetching,
  });

  // The header's badge and the member prices follow the account once Toko+ is found.
  const found = state === 'found';
  useEffect(() => {
    if (found && !session.isSubscriber) void refreshSession(queryClient);
  }, [found, session.isSubscriber, queryClient]);

  const retry = () => void check.refetch();

  switch (state) {
    case 'checking':
      return (
        <ResultCard testId={TEST_ID} state={state} tone="working" title="Checking your subscription...">
          <p>Looking up the {brand.productPlus} membership of your account.</p>
        </ResultCard>
      );
    case 'found':
      return (
        <ResultCard
          testId={TEST_ID}
          state={state}
          tone="done"
          title={`${brand.productPlus} is active`}
          actions={
            <Link to="/exclusive" className={buttonClass()}>
              Go to Exclusive Content
            </Link>
          }
          home
        >
          <p>Your membership is on your account. Enjoy the exclusive albums and videos.</p>
        </ResultCard>
      );
    case 'not-found':
      return <SubscriptionResult testId={TEST_ID} state={state} retry={<Button onClick={retry}>Check again</Button>} />;
    case 'error':
      return <SubscriptionResult testId={TEST_ID} state={state} error={check.error} onRetry={retry} />;
    case 'sign-in':
      return (
        <SubscriptionResult
          testId={TEST_ID}
          state={state}
          signIn={
            <Link to="/login" className={buttonClass()}>
              Sign In
            </Link>
          }
        >
          <p>Sign in with the account you subscribed with, then come back to this page.</p>
        </SubscriptionResult>
      );
    case 'no-email':
      return (
        <ResultCard
          testId={TEST_ID}
          state={state}
          tone="failed"
          title="Email Required"
          actions={
            <Link to="/profile" className={buttonClass()}>
              Add your email
            </Link>
          }
          home
        >
          <p>Please make sure your account has a valid email address: the subscription check looks it up by e-mail.</p>
        </ResultCard>
      );
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}
