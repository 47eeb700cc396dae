/**
 * /subscription-success and /subscription/success?session_id=…: where the Toko+ checkout returns. It shows
 * "verifying" for 2 s (the payment's webhook usually lands meanwhile), asks the server about the checkout, and reads the session until the
 * Toko+ tier shows; then the welcome, with the free trial's end when the coupon gave one. Goes to /.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatReleaseDate } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { Button, buttonClass } from '../../../ui/button';
import { useOpenAccountDialog } from '../../auth';
import { membershipKeys } from '../api/membership-keys';
import { useSubscription } from '../api/get-subscription';
import { isActivated, verifyCheckout } from '../api/verify-checkout';
import { ACTIVATION_POLL_MS, SUBSCRIPTION_VERIFY_DELAY_MS } from '../plans';
import { successState } from '../subscription-result';
import { useActivationDeadline, useSessionUntilSubscriber, useTimePassed } from '../use-membership-polling';
import { ResultCard, SubscriptionResult } from './result-card';

const TEST_ID = 'subscription-success-page';

export function SubscriptionSuccessPage() {
  useDocumentTitle(`${brand.productPlus} subscription`);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() || null;
  const openAccountDialog = useOpenAccountDialog();
  const verifying = useTimePassed(SUBSCRIPTION_VERIFY_DELAY_MS);
  const deadline = useActivationDeadline();

  const session = useSessionUntilSubscriber(!deadline.passed);
  const verify = useQuery({
    queryKey: membershipKeys.checkout(sessionId ?? ''),
    queryFn: () => verifyCheckout(sessionId ?? ''),
    enabled: verifying.passed && session.isSignedIn && sessionId !== null,
    // Asked again until the membership is on record, for up to 5 minutes (activation takes no longer).
    refetchInterval: (query) => (isActivated(query.state.data) || deadline.passed ? false : ACTIVATION_POLL_MS),
    // A session that is not this listener's (or not there at all) stays so; other failures get one more try.
    retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 1,
  });

  const state = successState({
    sessionLoading: session.isLoading,
    signedIn: session.isSignedIn,
    isSubscriber: session.isSubscriber,
    hasSessionId: sessionId !== null,
    answered: verify.data !== undefined,
    verifyFailed: verify.isError && verify.data === undefined,
    gaveUp: deadline.passed,
  });

  const tryAgain = () => {
    deadline.restart();
    void verify.refetch();
  };

  switch (state) {
    case 'verifying':
      return (
        <ResultCard testId={TEST_ID} state={state} tone="working" title="Verifying your subscription...">
          <p>We're confirming your payment with Stripe. This takes a moment.</p>
        </ResultCard>
      );
    case 'processing':
      return (
        <ResultCard testId={TEST_ID} state={state} tone="working" title={`Activating your ${brand.productPlus} membership...`}>
          <p>Your payment is being processed. Premium activation takes up to 5 minutes; this page updates by itself.</p>
        </ResultCard>
      );
    case 'subscribed':
      return (
        <SubscriptionResult testId={TEST_ID} state={state}>
          <p>Your membership is active. Thank you for supporting the artists directly.</p>
          <PlanSummary />
        </SubscriptionResult>
      );
    case 'sign-in':
      return (
        <SubscriptionResult testId={TEST_ID} state={state} signIn={<Button onClick={() => openAccountDialog('sign-in')}>Sign In</Button>}>
          <p>Sign in with the account you subscribed with to finish activating {brand.productPlus}.</p>
        </SubscriptionResult>
      );
    case 'not-found':
      return (
        <SubscriptionResult
          testId={TEST_ID}
          state={state}
          retry={
            sessionId ? (
              <Button onClick={tryAgain}>Check again</Button>
            ) : (
              <Link to="/subscription-activated" className={buttonClass()}>
                Check my subscription
              </Link>
            )
          }
        />
      );
    case 'error':
      return <SubscriptionResult testId={TEST_ID} state={state} error={verify.error} onRetry={tryAgain} />;
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}

/** The amount and, after a coupon, how long the free trial runs. */
function PlanSummary() {
  const subscription = useSubscription();
  const plan = subscription.data;
  if (!plan?.active) return null;
  return (
    <div className="rounded-lg border border-white/10 bg-white/5 px-3 py-2" data-testid="plan-summary">
      {plan.amount !== null && plan.amount !== undefined && (
        <p>
          Your plan: <strong className="text-zinc-50">{formatMoney(plan.amount / 100)}/month</strong>
        </p>
      )}
      {plan.trialEndsAt && (
        <p data-testid="trial-note">
          Your free trial runs until <strong className="text-zinc-50">{formatReleaseDate(plan.trialEndsAt)}</strong>. You won't be charged
          before then.
        </p>
      )}
    </div>
  );
}
