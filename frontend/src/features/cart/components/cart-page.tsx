/**
 * /cart: the album cart as a page. After sign-in (`?from=login`) a welcome-back banner shows for 5 s and
 * the address goes back to /cart. Checking out opens the cart dialog at checkout; a guest is sent to sign
 * in first, with the checkout saved to resume afterwards.
 */
import { PartyPopper } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { buttonClass } from '../../../ui/button';
import { showAlbumCart } from '../cart-dialog-store';
import { WELCOME_BACK_MS } from '../cart-messages';
import { savePendingCheckout } from '../pending-checkout-store';
import { CartView } from './cart-contents';

/** Where a guest's checkout goes to sign in, and where it comes back. */
export const CART_SIGN_IN_PATH = `/auth?redirect=${encodeURIComponent('/cart?from=login')}`;

export function CartPage() {
  useDocumentTitle('Cart');
  const session = useSession();
  const navigate = useNavigate();
  const [includeSubscription, setIncludeSubscription] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const checkOut = async () => {
    if (session.isSignedIn) {
      showAlbumCart('checkout', includeSubscription && !session.isSubscriber);
      return;
    }
    setLeaving(true);
    await savePendingCheckout(includeSubscription);
    void navigate(CART_SIGN_IN_PATH);
  };

  return (
    <section aria-labelledby="cart-heading" className="mx-auto max-w-2xl space-y-5 pb-8" data-testid="cart-page">
      <WelcomeBack />
      <h1 id="cart-heading" className="text-3xl font-extrabold text-zinc-50">
        Your Cart
      </h1>
      <CartView
        includeSubscription={includeSubscription}
        onIncludeSubscriptionChange={setIncludeSubscription}
        emptyNote="Find albums to download and keep."
        continueShopping={(variant, className) => (
          <Link to="/music" className={buttonClass(variant, className)}>
            Continue Shopping
          </Link>
        )}
        checkoutLabel={session.isSignedIn ? 'Checkout' : 'Sign In to Checkout'}
        onCheckout={() => void checkOut()}
        leaving={leaving}
      />
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
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-emerald-400/30 bg-emerald-500/10 p-3 text-sm text-emerald-50"
      data-testid="cart-welcome-back"
    >
      <PartyPopper aria-hidden="true" className="size-5 shrink-0 text-emerald-300" />
      <span>
        <strong>Welcome back!</strong> You're signed in, and your cart is waiting.
      </span>
    </div>
  );
}
