/**
 * Renders the checkout overlay once something opens it; its code is fetched then. If that fetch fails the
 * listener is told at once ('Failed to open checkout…') instead of the page breaking.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { toast } from '../../../ui/toast';
import { closeCheckoutOverlay, useCheckoutOverlayRequest, type CheckoutOverlayRequest } from '../checkout-overlay-store';

/** The overlay's code could not be loaded. Here, not with the other membership words, which load with their screens. */
const OPEN_CHECKOUT_FAILED = 'Failed to open checkout. Please try again or contact support.';

type Overlay = ComponentType<{ request: CheckoutOverlayRequest; onClose: () => void }>;

export function CheckoutOverlayHost() {
  const request = useCheckoutOverlayRequest();
  const [Overlay, setOverlay] = useState<Overlay | null>(null);
  const wanted = request !== null;

  useEffect(() => {
    if (!wanted || Overlay) return;
    let current = true;
    import('./checkout-overlay')
      .then((module) => current && setOverlay(() => module.CheckoutOverlay))
      .catch((error: unknown) => {
        console.error(error);
        closeCheckoutOverlay();
        toast({ variant: 'destructive', title: 'Checkout Error', description: OPEN_CHECKOUT_FAILED, duration: 4000 });
      });
    return () => {
      current = false;
    };
  }, [wanted, Overlay]);

  if (!request || !Overlay) return null;
  return <Overlay request={request} onClose={closeCheckoutOverlay} />;
}
