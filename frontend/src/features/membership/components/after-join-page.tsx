/**
 * /after-join: where a new account lands after joining. A member goes on to the exclusive content; a free
 * listener is welcomed with the way to Toko+; a guest (the session did not stick) is offered sign-in.
 */
import { Navigate, Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useOpenAccountDialog } from '../../auth';
import { ResultCard } from './result-card';

export function AfterJoinPage() {
  useDocumentTitle(`Welcome to ${brand.product}`);
  const { user, isLoading, isSubscriber } = useSession();
  const openAccountDialog = useOpenAccountDialog();

  if (isLoading) return <Spinner label="Loading your account…" className="py-24" />;
  if (isSubscriber) return <Navigate to="/exclusive" replace />;
  if (!user) {
    return (
      <ResultCard
        testId="after-join-page"
        state="sign-in"
        tone="missing"
        title="Sign in to continue"
        actions={<Button onClick={() => openAccountDialog('sign-in')}>Sign In</Button>}
        home
      >
        <p>Your account is ready: sign in with your e-mail to start listening.</p>
      </ResultCard>
    );
  }
  return (
    <ResultCard
      testId="after-join-page"
      state="joined"
      tone="welcome"
      title={`Welcome to ${brand.product}!`}
      actions={
        <>
          <Link to="/" className={buttonClass()}>
            Start Listening
          </Link>
          <Link to="/upgrade" className={buttonClass('secondary')}>
            Upgrade to {brand.productPlus}
          </Link>
        </>
      }
    >
      <p>Free albums are yours to stream. {brand.productPlus} adds exclusive releases, early access and member prices.</p>
    </ResultCard>
  );
}
