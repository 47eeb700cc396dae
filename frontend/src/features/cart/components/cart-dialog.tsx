/**
 * The album cart dialog: the cart; 'Preparing checkout...'; for a guest the e-mail and the
 * 6-digit code, signing in without leaving the cart; the payment form; the purchase being confirmed; the
 * albums to download; or what went wrong. Failures of a form show beside it as alerts, results as toasts.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isSubscriber, refreshSession, type SessionUser, useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Dialog, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { EmailField, FormAlert } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import {
  CART_CHECKOUT_WELCOME,
  CodeForm,
  completeInstantSignIn,
  readSmartSignIn,
  REDIRECT_DELAY_MS,
  smartSignIn,
  useCodeSignIn,
} from '../../auth';
import { useFollowLink } from '../../../lib/follow-link';
import { clearGuestCart, guestCartItems } from '../guest-cart-store';
import { savePendingCheckout } from '../pending-checkout-store';
import { cartQueryOptions } from '../api/get-cart';
import { checkoutRequest, type CheckoutRequest } from '../api/start-checkout';
import type { PurchaseResult } from '#contract/commerce.js';
import { verifyCartPurchase } from '../api/verify-cart-purchase';
import { hostedAlbumCheckout, startAlbumCheckout, type HostedOutcome } from '../album-checkout';
import type { EmbeddedCheckoutForm } from '../../../lib/embedded-checkout';
import { StripeEmbeddedCheckout } from '../../../ui/stripe-embedded-checkout';
import type { CartAlbum } from '../cart-album';
import type { CartOpening } from '../cart-dialog-store';
import {
  CART_TOAST_MS,
  EMAIL_REQUIRED,
  EMAIL_REQUIRED_FOR_CHECKOUT,
  EMBEDDED_CHECKOUT_MIN_HEIGHT_PX,
  EMPTY_CART,
  INCOMPLETE_CODE,
  PROCESSING_ISSUE,
  purchaseComplete,
  sendCodeFailure,
  UNEXPECTED_AUTH_ANSWER,
  type CartNotice,
} from '../cart-messages';
import { syncGuestCart } from '../guest-cart-sync';
import { useAlbumCart } from '../use-album-cart';
import { CartView } from './cart-contents';
import { PurchasedDownloads } from './purchased-downloads';

type Step =
  | { name: 'cart' }
  | { name: 'loading'; message: string; note: string }
  | { name: 'email-collection' }
  | { name: 'verifying'; email: string }
  | { name: 'checkout'; form: EmbeddedCheckoutForm; sessionId: string; request: CheckoutRequest }
  | { name: 'confirming' }
  | { name: 'success'; purchases: PurchaseResult[] }
  | { name: 'error'; notice: CartNotice };

/** What the embedded payment form posts to this window when the payment went through. */
const CHECKOUT_COMPLETE_MESSAGE = 'checkout-complete';
const FALLBACK_NOTE = 'If the secure payment form takes longer than 5 seconds, we switch to our hosted checkout.';

export function CartDialog({ opening, open, onClose }: { opening: CartOpening; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} size="lg">
      <CartFlow key={opening.id} opening={opening} onClose={onClose} />
    </Dialog>
  );
}

function CartFlow({ opening, onClose }: { opening: CartOpening; onClose: () => void }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const cart = useAlbumCart();
  const [step, setStep] = useState<Step>({ name: 'cart' });
  const [includeSubscription, setIncludeSubscription] = useState(opening.includeSubscription);
  const [email, setEmail] = useState('');
  const followLink = useFollowLink();

  // Already signed in as that address: the server took the guest cart and names where the checkout resumes.
  const resumeCheckoutAt = async (url: string) => {
    await refreshSession(queryClient);
    await savePendingCheckout(includeSubscription);
    clearGuestCart();
    toast({ variant: 'success', ...CART_CHECKOUT_WELCOME, duration: CART_TOAST_MS });
    onClose();
    window.setTimeout(() => followLink(url, 'this-window'), REDIRECT_DELAY_MS);
  };

  const checkOut = async (albums: CartAlbum[], user: SessionUser | null, withPlan: boolean) => {
    if (!user) {
      setStep({ name: 'email-collection' });
      return;
    }
    if (albums.length === 0) {
      toast({ ...EMPTY_CART, variant: 'destructive', duration: CART_TOAST_MS });
      setStep({ name: 'cart' });
      return;
    }
    if (!user.email) {
      setStep({ name: 'error', notice: EMAIL_REQUIRED_FOR_CHECKOUT });
      return;
    }
    setStep({ name: 'loading', message: 'Preparing checkout...', note: FALLBACK_NOTE });
    const request = checkoutRequest(albums, user.email, withPlan && !isSubscriber(user));
    const outcome = await startAlbumCheckout(request);
    if (outcome.kind === 'embedded') setStep({ name: 'checkout', form: outcome.form, sessionId: outcome.sessionId, request });
    else follow(outcome);
  };

  const follow = (outcome: HostedOutcome) => {
    if (outcome.kind === 'hosted') {
      setStep({ name: 'loading', message: 'Redirecting to secure checkout...', note: 'Taking you to our secure hosted checkout page.' });
      window.location.assign(outcome.url);
    } else {
      toast({ ...outcome.notice, variant: 'destructive', duration: CART_TOAST_MS });
      setStep({ name: 'error', notice: outcome.notice });
    }
  };

  // Stripe's embedded form did not load: the hosted page takes over, as when the session itself fails.
  const embeddedFailed = async (request: CheckoutRequest) => {
    setStep({ name: 'loading', message: 'Preparing checkout...', note: FALLBACK_NOTE });
    follow(await hostedAlbumCheckout(request));
  };

  // Buy and a resumed checkout open the dialog checking out, once the cart has been read.
  const started = useRef(false);
  useEffect(() => {
    if (opening.start !== 'checkout' || started.current || cart.isLoading) return;
    started.current = true;
    void checkOut(cart.albums, session.user, opening.includeSubscription);
  });

  const signedIn = async (user: SessionUser) => {
    setStep({ name: 'loading', message: 'Preparing checkout...', note: FALLBACK_NOTE });
    await syncGuestCart(queryClient);
    const albums = await queryClient.fetchQuery(cartQueryOptions()).catch(() => []);
    await checkOut(albums, user, includeSubscription);
  };

  // The payment form said it is paid: the albums bought, from the server, before the downloads show.
  const confirmPurchase = async (sessionId: string) => {
    setStep({ name: 'confirming' });
    try {
      const result = await verifyCartPurchase(sessionId);
      if (!result.success) throw new Error('The payment is not confirmed yet');
      toast({ ...purchaseComplete(result.purchases.length), variant: 'success', duration: CART_TOAST_MS });
      await cart.clear().catch(() => undefined);
      setStep({ name: 'success', purchases: result.purchases });
    } catch {
      setStep({ name: 'error', notice: PROCESSING_ISSUE });
    }
  };

  switch (step.name) {
    case 'cart':
      return (
        <CartStep
          onCheckout={() => void checkOut(cart.albums, session.user, includeSubscription)}
          includeSubscription={includeSubscription}
          onIncludeSubscriptionChange={setIncludeSubscription}
          onClose={onClose}
        />
      );
    case 'loading':
      return <LoadingStep message={step.message} note={step.note} />;
    case 'email-collection':
      return (
        <EmailStep
          email={email}
          onEmailChange={setEmail}
          onBack={() => setStep({ name: 'cart' })}
          onCodeSent={(address) => setStep({ name: 'verifying', email: address })}
          onInstantSignIn={onClose}
          onResumeCheckoutAt={(url) => void resumeCheckoutAt(url)}
        />
      );
    case 'verifying':
      return (
        <CodeStep
          email={step.email}
          onChangeEmail={() => setStep({ name: 'email-collection' })}
          onSignedIn={(user) => void signedIn(user)}
        />
      );
    case 'checkout':
      return (
        <CheckoutStep
          form={step.form}
          onComplete={() => void confirmPurchase(step.sessionId)}
          onFailure={() => void embeddedFailed(step.request)}
        />
      );
    case 'confirming':
      return <LoadingStep message="Verifying your purchase..." note="We are confirming your payment. This takes a few seconds." />;
    case 'success':
      return <SuccessStep purchases={step.purchases} onClose={onClose} />;
    case 'error':
      return <ErrorStep notice={step.notice} onBack={() => setStep({ name: 'cart' })} onClose={onClose} />;
  }
}

function StepHeading({ title, description }: { title: string; description: ReactNode }) {
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </>
  );
}

function CartStep({
  onCheckout,
  includeSubscription,
  onIncludeSubscriptionChange,
  onClose,
}: {
  onCheckout: () => void;
  includeSubscription: boolean;
  onIncludeSubscriptionChange: (include: boolean) => void;
  onClose: () => void;
}) {
  return (
    <div data-testid="album-cart" data-step="cart">
      <StepHeading title="Your Cart" description="Digital albums to download and keep." />
      <div className="mt-4">
        <CartView
          includeSubscription={includeSubscription}
          onIncludeSubscriptionChange={onIncludeSubscriptionChange}
          emptyNote="Albums you add appear here."
          continueShopping={(variant, className) => (
            <Button variant={variant} className={className} onClick={onClose}>
              Continue Shopping
            </Button>
          )}
          checkoutLabel="Checkout"
          onCheckout={onCheckout}
        />
      </div>
    </div>
  );
}

function LoadingStep({ message, note }: { message: string; note: string }) {
  return (
    <div data-testid="album-cart" data-step="loading" className="flex flex-col items-center gap-4 py-6 text-center">
      <StepHeading title={message} description={note} />
      <Spinner label={message} />
    </div>
  );
}

function EmailStep({
  email,
  onEmailChange,
  onBack,
  onCodeSent,
  onInstantSignIn,
  onResumeCheckoutAt,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
  onCodeSent: (email: string) => void;
  onInstantSignIn: () => void;
  onResumeCheckoutAt: (url: string) => void;
}) {
  const [failure, reportFailure] = useState<CartNotice | null>(null);
  // The sign-in is the checkout's: it carries the intent, so the code's answer names where the checkout goes on.
  const send = useMutation({
    mutationFn: (address: string) => smartSignIn(address, { intent: 'cart_checkout', cartItems: guestCartItems() }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      reportFailure(EMAIL_REQUIRED);
      return;
    }
    reportFailure(null);
    try {
      const answer = await send.mutateAsync(address);
      const outcome = readSmartSignIn(answer);
      if (outcome.kind === 'code-sent') onCodeSent(address);
      else if (outcome.kind === 'instant' && answer.intent === 'cart_checkout' && answer.redirectUrl) {
        onResumeCheckoutAt(answer.redirectUrl);
      } else if (outcome.kind === 'instant') {
        completeInstantSignIn();
        onInstantSignIn();
      } else if (outcome.kind === 'admin-password') {
        reportFailure({
          title: 'Authentication Error',
          description: answer.message ?? 'This account signs in with a password. Please sign in first.',
        });
      } else reportFailure(UNEXPECTED_AUTH_ANSWER);
    } catch (error) {
      reportFailure(sendCodeFailure(error));
    }
  };

  return (
    <div data-testid="album-cart" data-step="email-collection">
      <StepHeading
        title="Enter email for secure checkout"
        description="We'll send you a 6-digit code to sign in. No password needed, and your cart comes with you."
      />
      <form className="mt-5 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <EmailField focusOnMount value={email} onChange={(event) => onEmailChange(event.target.value)} disabled={send.isPending} />
        {failure && <FormAlert {...failure} />}
        <div className="flex items-center justify-between gap-2">
          <Button variant="ghost" className="px-3" onClick={onBack} disabled={send.isPending} icon={ArrowLeft}>
            Back
          </Button>
          <Button type="submit" disabled={send.isPending || email.trim() === ''}>
            {send.isPending ? 'Sending code...' : 'Continue'}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * The code step of the sign-in flow, in the cart's words; once signed in the dialog goes on to checkout. One thing to
 * do and one way out, as the sign-in dialog: the code, or back to the address (kept, so a typo can be mended).
 */
function CodeStep({
  email,
  onChangeEmail,
  onSignedIn,
}: {
  email: string;
  onChangeEmail: () => void;
  onSignedIn: (user: SessionUser) => void;
}) {
  const signIn = useCodeSignIn({
    email,
    surface: 'modal',
    subscriptionIntent: false,
    followServer: false,
    onSignedIn,
    incompleteCode: INCOMPLETE_CODE,
  });
  return (
    <div data-testid="album-cart" data-step="verifying">
      <StepHeading
        title="Check Your Email"
        description={
          <>
            We sent a 6-digit code to <strong className="text-zinc-50">{email}</strong>. Enter it to sign in and continue to checkout.
          </>
        }
      />
      <CodeForm signIn={signIn} submitLabel="Verify & Continue to Checkout" />
      <div className="mt-3">
        <Button variant="ghost" className="px-3" onClick={onChangeEmail} disabled={signIn.busy} icon={ArrowLeft}>
          Use a different email
        </Button>
      </div>
    </div>
  );
}

/** The payment form: a sandbox's page for the session in a frame, or Stripe's embedded form (which, paid, goes to the success page). */
function CheckoutStep({ form, onComplete, onFailure }: { form: EmbeddedCheckoutForm; onComplete: () => void; onFailure: () => void }) {
  return (
    <div data-testid="album-cart" data-step="checkout">
      <StepHeading title="Secure Checkout" description="Payments are processed by Stripe. Your card details never reach us." />
      {form.kind === 'page' ? (
        <CheckoutFrame url={form.url} onComplete={onComplete} />
      ) : (
        <StripeEmbeddedCheckout
          publishableKey={form.publishableKey}
          clientSecret={form.clientSecret}
          minHeight={EMBEDDED_CHECKOUT_MIN_HEIGHT_PX}
          onFailure={onFailure}
        />
      )}
    </div>
  );
}

/** A sandbox's page for the session; it posts `checkout-complete` to this window when paid. */
function CheckoutFrame({ url, onComplete }: { url: string; onComplete: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const origin = new URL(url, window.location.href).origin;
    const listen = (event: MessageEvent) => {
      const fromForm = event.origin === origin && event.source === frame.current?.contentWindow;
      if (fromForm && (event.data as { type?: unknown } | null)?.type === CHECKOUT_COMPLETE_MESSAGE) onComplete();
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [url, onComplete]);

  return (
    <iframe
      ref={frame}
      src={url}
      title="Secure checkout"
      allow="payment"
      className="mt-4 w-full rounded-xl border-0 bg-zinc-950"
      style={{ minHeight: EMBEDDED_CHECKOUT_MIN_HEIGHT_PX }}
    />
  );
}

function SuccessStep({ purchases, onClose }: { purchases: PurchaseResult[]; onClose: () => void }) {
  return (
    <div data-testid="album-cart" data-step="success">
      <div className="flex flex-col items-center gap-2 text-center">
        <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-400" />
        <StepHeading
          title="Purchase Complete!"
          description="Your albums are ready. They are also in your library's Downloads, whenever you need them again."
        />
      </div>
      <PurchasedDownloads purchases={purchases} />
      <Button variant="secondary" className="mt-4 w-full" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

function ErrorStep({ notice, onBack, onClose }: { notice: CartNotice; onBack: () => void; onClose: () => void }) {
  return (
    <div data-testid="album-cart" data-step="error">
      <div className="flex flex-col items-center gap-2 text-center">
        <XCircle aria-hidden="true" className="size-10 text-red-300" />
        <StepHeading title={notice.title} description={notice.description} />
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onBack} icon={ArrowLeft}>
          Back to Cart
        </Button>
      </div>
    </div>
  );
}
