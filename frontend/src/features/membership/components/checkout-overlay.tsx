/**
 * The Toko+ checkout overlay: closed, the pricing choice, or the embedded checkout (at least 620 px high).
 * Choosing an amount starts an embedded session; where there is no embedded form to show, or it fails, the
 * hosted checkout page takes over; if that fails too the overlay says so. A guest is sent to sign up first,
 * a member to their exclusive content.
 */
import { ArrowLeft, Crown, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useSession } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/button';
import { Dialog, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { FormAlert } from '../../../ui/text-field';
import { useOpenAccountDialog } from '../../auth';
import type { EmbeddedCheckoutForm } from '../../../lib/embedded-checkout';
import { StripeEmbeddedCheckout } from '../../../ui/stripe-embedded-checkout';
import { openCheckout, startHostedCheckout } from '../api/start-checkout';
import type { CheckoutOverlayRequest } from '../checkout-overlay-store';
import { overlayCheckoutFailure, type Notice } from '../membership-messages';
import { EMBEDDED_CHECKOUT_MIN_HEIGHT_PX, type PlanAmount } from '../plans';
import { perMonth, PlanTierList } from './plan-tier-list';

export function CheckoutOverlay({ request, onClose }: { request: CheckoutOverlayRequest; onClose: () => void }) {
  return (
    <Dialog open={request.open} onOpenChange={(open) => !open && onClose()} size="lg">
      <div data-testid="checkout-overlay">
        <OverlayBody key={request.id} initialAmount={request.amount} onClose={onClose} />
      </div>
    </Dialog>
  );
}

type Step =
  | { kind: 'pricing' }
  | { kind: 'starting'; amount: PlanAmount }
  | { kind: 'embedded'; amount: PlanAmount; form: EmbeddedCheckoutForm }
  | { kind: 'redirecting'; amount: PlanAmount }
  | { kind: 'failed'; amount: PlanAmount; notice: Notice };

function OverlayBody({ initialAmount, onClose }: { initialAmount: PlanAmount | null; onClose: () => void }) {
  const { user, isLoading, isSubscriber } = useSession();
  const openAccountDialog = useOpenAccountDialog();
  const [step, setStep] = useState<Step>(initialAmount ? { kind: 'starting', amount: initialAmount } : { kind: 'pricing' });
  const started = useRef(false);

  const start = (amount: PlanAmount) => {
    setStep({ kind: 'starting', amount });
    openCheckout(amount).then(
      (opened) => {
        if (opened.kind === 'embedded') return setStep({ kind: 'embedded', amount, form: opened.form });
        setStep({ kind: 'redirecting', amount });
        window.location.assign(opened.url);
      },
      (error: unknown) => {
        console.error(error);
        setStep({ kind: 'failed', amount, notice: overlayCheckoutFailure(error, 'session') });
      },
    );
  };

  // Stripe's embedded form did not load: the hosted page takes over, as when the session itself fails.
  const embeddedFailed = (amount: PlanAmount, error: unknown) => {
    console.warn("Stripe's embedded form did not load; falling back to the hosted checkout", error);
    setStep({ kind: 'redirecting', amount });
    startHostedCheckout(amount).then(
      (url) => window.location.assign(url),
      (failure: unknown) => {
        console.error(failure);
        setStep({ kind: 'failed', amount, notice: overlayCheckoutFailure(failure, 'form') });
      },
    );
  };

  // An amount chosen before the overlay opened starts its checkout at once (once, even when effects run twice).
  const signedInNonMember = user !== null && !isSubscriber;
  useEffect(() => {
    if (!initialAmount || !signedInNonMember || started.current) return;
    started.current = true;
    start(initialAmount);
  }, [initialAmount, signedInNonMember]);

  if (isLoading) return <Spinner label="Loading your account…" className="py-12" />;

  if (!user) {
    return (
      <div data-step="sign-in">
        <DialogTitle>Join {brand.productPlus}</DialogTitle>
        <DialogDescription>Create your free account or sign in first; checkout follows right after.</DialogDescription>
        <Button
          className="mt-6 w-full"
          onClick={() => {
            onClose();
            openAccountDialog('join-plus', { showSubscriptionForm: true });
          }}
        >
          Continue
        </Button>
      </div>
    );
  }

  if (isSubscriber) {
    return (
      <div data-step="member">
        <DialogTitle>You already have {brand.productPlus}</DialogTitle>
        <DialogDescription>Your membership is active: the exclusive albums and videos are waiting.</DialogDescription>
        <Link to="/exclusive" onClick={onClose} className={buttonClass('primary', 'mt-6 w-full')}>
          Go to Exclusive Content
        </Link>
      </div>
    );
  }

  switch (step.kind) {
    case 'pricing':
      return (
        <div data-step="pricing">
          <DialogTitle>Join {brand.productPlus}</DialogTitle>
          <DialogDescription>Choose what you pay each month. Every amount gets the same benefits. Cancel anytime.</DialogDescription>
          <div className="mt-5">
            <PlanTierList compact onChoose={start} />
          </div>
        </div>
      );
    case 'starting':
    case 'redirecting':
      return (
        <div data-step={step.kind} role="status" className="flex flex-col items-center gap-3 py-12 text-center">
          <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-accent" />
          <DialogTitle>{step.kind === 'starting' ? 'Preparing checkout...' : 'Taking you to secure checkout...'}</DialogTitle>
          <DialogDescription>
            {brand.productPlus} · {perMonth(step.amount)}
          </DialogDescription>
        </div>
      );
    case 'embedded':
      return (
        <div data-step="embedded">
          <DialogTitle>
            <span className="flex items-center gap-2">
              <Crown aria-hidden="true" className="size-5 text-accent" />
              {brand.productPlus} · {perMonth(step.amount)}
            </span>
          </DialogTitle>
          <DialogDescription>Payments are handled by Stripe. Cancel anytime from your account.</DialogDescription>
          {step.form.kind === 'page' ? (
            <iframe
              title="Secure checkout"
              src={step.form.url}
              allow="payment"
              className="mt-4 w-full rounded-xl border-0 bg-zinc-950"
              style={{ minHeight: EMBEDDED_CHECKOUT_MIN_HEIGHT_PX }}
              data-testid="embedded-checkout"
            />
          ) : (
            <StripeEmbeddedCheckout
              publishableKey={step.form.publishableKey}
              clientSecret={step.form.clientSecret}
              minHeight={EMBEDDED_CHECKOUT_MIN_HEIGHT_PX}
              onFailure={(error) => embeddedFailed(step.amount, error)}
            />
          )}
          <Button variant="ghost" className="mt-3 px-3" onClick={() => setStep({ kind: 'pricing' })} icon={ArrowLeft}>
            Change amount
          </Button>
        </div>
      );
    case 'failed':
      return (
        <div data-step="failed">
          <DialogTitle>Join {brand.productPlus}</DialogTitle>
          <div className="mt-4">
            <FormAlert {...step.notice} />
          </div>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setStep({ kind: 'pricing' })}>
              Choose another amount
            </Button>
            <Button onClick={() => start(step.amount)}>Try again</Button>
          </div>
        </div>
      );
    default: {
      const unknown: never = step;
      return unknown;
    }
  }
}
