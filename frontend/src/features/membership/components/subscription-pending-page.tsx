/**
 * /subscription-pending: the payment is in but the membership is not on record yet. It reads the session
 * until Toko+ shows (within the spec's 5 minutes), then opens the way to the exclusive content.
 */
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button, buttonClass } from '../../../ui/button';
import { useOpenAccountDialog } from '../../auth/components/account-dialog-provider';
import { subscriptionNotFound } from '../membership-messages';
import { useActivationDeadline, useSessionUntilSubscriber } from '../use-membership-polling';
import { ResultCard } from './result-card';

const TEST_ID = 'subscription-pending-page';

export function SubscriptionPendingPage() {
  useDocumentTitle(`${brand.productPlus} activation`);
  const deadline = useActivationDeadline();
  const session = useSessionUntilSubscriber(!deadline.passed);
  const openAccountDialog = useOpenAccountDialog();
  const home = (
    <Link to="/" className={buttonClass('secondary')}>
      Go to Home
    </Link>
  );

  if (session.isLoading || (session.isSignedIn && !session.isSubscriber && !deadline.passed)) {
    return (
      <ResultCard testId={TEST_ID} state="pending" tone="working" title={`Activating your ${brand.productPlus} membership...`} actions={home}>
        <p>Your payment is being confirmed. Premium activation takes up to 5 minutes; this page updates by itself.</p>
      </ResultCard>
    );
  }
  if (!session.isSignedIn) {
    return (
      <ResultCard
        testId={TEST_ID}
        state="sign-in"
        tone="missing"
        title="Login Required"
        actions={
          <>
            <Button onClick={() => openAccountDialog('sign-in')}>Sign In</Button>
            {home}
          </>
        }
      >
        <p>Sign in with the account you subscribed with to see your membership.</p>
      </ResultCard>
    );
  }
  if (session.isSubscriber) {
    return (
      <ResultCard
        testId={TEST_ID}
        state="subscribed"
        tone="done"
        title={`Welcome to ${brand.productPlus}!`}
        actions={
          <>
            <Link to="/exclusive" className={buttonClass()}>
              Explore Exclusive Content
            </Link>
            {home}
          </>
        }
      >
        <p>Your membership is active.</p>
      </ResultCard>
    );
  }
  return (
    <ResultCard
      testId={TEST_ID}
      state="not-found"
      tone="missing"
      title={subscriptionNotFound.title}
      actions={
        <>
          <Button onClick={deadline.restart}>Check again</Button>
          {home}
        </>
      }
    >
      <p>{subscriptionNotFound.description}</p>
    </ResultCard>
  );
}
