/**
 * /cart: the album cart as a page. After sign-in (`?from=login`) a welcome-back banner shows for 5 s and
 * the address goes back to /cart. Checking out opens the cart dialog at checkout; a guest is sent to sign
 * in first, with the checkout saved to resume afterwards.
 */
import { Lock, PartyPopper, ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/button';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { showAlbumCart } from '../cart-dialog-store';
import { WELCOME_BACK_MS } from '../cart-messages';
import { summarizeCart } from '../cart-pricing';
import { savePendingCheckout } from '../pending-checkout-store';
import { useAlbumCart } from '../use-album-cart';
import { CartContents, CartSkeleton } from './cart-contents';

/** Where a guest's checkout goes to sign in, and where it comes back. */
export const CART_SIGN_IN_PATH = `/auth?redirect=${encodeURIComponent('/cart?from=login')}`;

export function CartPage() {
  useDocumentTitle('Cart');
  const session = useSession();
  const cart = useAlbumCart();
  const navigate = useNavigate();
  const [includeSubscription, setIncludeSubscription] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const summary = summarizeCart(cart.albums, { isSubscriber: session.isSubscriber, includeSubscription });

  const checkOut = async () => {
    if (cart.isSignedIn) {
      showAlbumCart('checkout', includeSubscription && !session.isSubscriber);
      return;
    }
    setLeaving(true);
    await savePendingCheckout(includeSubscription);
    void navigate(CART_SIGN_IN_PATH);
  };

  let body;
  if (cart.isLoading) body = <CartSkeleton />;
  else if (cart.error) body = <ErrorState title="Failed to fetch cart." error={cart.error} onRetry={cart.refetch} />;
  else if (cart.albums.length === 0) {
    body = (
      <EmptyState icon={ShoppingCart} title="Your cart is empty">
        <p>Find albums to download and keep.</p>
        <Link to="/music" className={buttonClass('primary', 'mt-4')}>
          Continue Shopping
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <CartContents
          albums={cart.albums}
          summary={summary}
          isSubscriber={session.isSubscriber}
          includeSubscription={includeSubscription}
          onIncludeSubscriptionChange={setIncludeSubscription}
          onRemove={(album) => cart.remove(album.albumId)}
          busy={cart.isBusy || leaving}
        />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/music" className={buttonClass('secondary')}>
            Continue Shopping
          </Link>
          <Button onClick={() => void checkOut()} disabled={cart.isBusy || leaving}>
            <Lock aria-hidden="true" className="size-4" />
            {cart.isSignedIn ? 'Checkout' : 'Sign In to Checkout'}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="cart-heading" className="mx-auto max-w-2xl space-y-5 pb-8" data-testid="cart-page">
      <WelcomeBack />
      <h1 id="cart-heading" className="text-3xl font-extrabold text-zinc-50">
        Your Cart
      </h1>
      {body}
    </section>
  );
}

/** Shown for 5 s after signing in from the cart, then the address goes back to plain /cart. */
function WelcomeBack() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromLogin = params.get('from') === 'login';
  useEffect(() => {
    if (!fromLogin) return;
    const timer = window.setTimeout(() => void navigate('/cart', { replace: true }), WELCOME_BACK_MS);
    return () => window.clearTimeout(timer);
  }, [fromLogin, navigate]);
  if (!fromLogin) return null;
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-emerald-400/30 bg-emerald-500/10 p-3 text-sm text-emerald-50" data-testid="cart-welcome-back">
      <PartyPopper aria-hidden="true" className="size-5 shrink-0 text-emerald-300" />
      <span>
        <strong>Welcome back!</strong> You're signed in, and your cart is waiting.
      </span>
    </div>
  );
}
