/**
 * /subscription-checkout[?amount=10]: where sign-in with the Toko+ intent leads. It opens the checkout
 * overlay (a guest gets the sign-up modal instead, a member is told they have Toko+), then goes home with
 * the overlay still open on top.
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useOpenAccountDialog } from '../../auth';
import { openCheckoutOverlay } from '../checkout-overlay-store';
import { planAmountFrom } from '../plans';

export function SubscriptionCheckoutPage() {
  useDocumentTitle(`${brand.productPlus} checkout`);
  const [params] = useSearchParams();
  const amount = planAmountFrom(params.get('amount'));
  const { user, isLoading, isSubscriber } = useSession();
  const openAccountDialog = useOpenAccountDialog();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (isLoading || done.current) return;
    done.current = true;
    if (!user) openAccountDialog('join-plus', { showSubscriptionForm: true });
    else if (isSubscriber)
      toast({ title: `You already have ${brand.productPlus}`, description: 'Your membership is active.', duration: 3000 });
    else openCheckoutOverlay(amount);
    void navigate('/', { replace: true });
  }, [isLoading, user, isSubscriber, amount, openAccountDialog, navigate]);

  return <Spinner label="Opening checkout…" className="py-24" />;
}
