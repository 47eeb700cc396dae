/**
 * /subscription-pending: the payment is in but the membership is not on record yet. It reads the session
 * until Toko+ shows (for up to 5 minutes, the longest activation takes), then opens the way to the exclusive content.
 */
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button } from '../../../ui/button';
import { useOpenAccountDialog } from '../../auth';
import { useActivationDeadline, useSessionUntilSubscriber } from '../use-membership-polling';
import { ResultCard, SubscriptionResult } from './result-card';

const TEST_ID = 'subscription-pending-page';

export function SubscriptionPendingPage() {
  useDocumentTitle(`${brand.productPlus} activation`);
  const deadline = useActivationDeadline();
  const session = useSessionUntilSubscriber(!deadline.passed);
  const openAccountDialog = useOpenAccountDialog();

  if (session.isLoading || (session.isSignedIn && !session.isSubscriber && !deadline.passed)) {
    return (
      <ResultCard testId={TEST_ID} state="pending" tone="working" title={`Activating your ${brand.productPlus} membership...`} home>
        <p>Your payment is being confirmed. Premium activation takes up to 5 minutes; this page updates by itself.</p>
      </ResultCard>
    );
  }
  if (!session.isSignedIn) {
    return (
      <SubscriptionResult testId={TEST_ID} state="sign-in" signIn={<Button onClick={() => openAccountDialog('sign-in')}>Sign In</Button>}>
        <p>Sign in with the account you subscribed with to see your membership.</p>
      </SubscriptionResult>
    );
  }
  if (session.isSubscriber) {
    return (
      <SubscriptionResult testId={TEST_ID} state="subscribed">
        <p>Your membership is active.</p>
      </SubscriptionResult>
    );
  }
  return <SubscriptionResult testId={TEST_ID} state="not-found" retry={<Button onClick={deadline.restart}>Check again</Button>} />;
}
