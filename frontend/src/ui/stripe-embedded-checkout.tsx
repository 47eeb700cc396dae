/**
 * Stripe's embedded checkout form. Stripe.js comes from js.stripe.com (the one outside script the app allows) and is
 * asked for only here, when a checkout with real Stripe keys opens: its loader is imported on mount, so no page's
 * first script carries it. When paid, Stripe takes the window to the session's return URL (the app's success page,
 * which confirms the purchase with the server), as the hosted page does.
 */
import { useEffect, useRef } from 'react';
import { useLatest } from '../lib/use-latest';

interface StripeEmbeddedCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  minHeight: number;
  /** Stripe.js or the form did not load: the caller falls back to the hosted page. */
  onFailure: (error: unknown) => void;
}

export function StripeEmbeddedCheckout({ publishableKey, clientSecret, minHeight, onFailure }: StripeEmbeddedCheckoutProps) {
  const container = useRef<HTMLDivElement>(null);
  const failed = useLatest(onFailure);

  useEffect(() => {
    let closed = false;
    let form: { mount(element: HTMLElement): void; destroy(): void } | undefined;
    const open = async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js did not load');
      const created = await stripe.createEmbeddedCheckoutPage({ fetchClientSecret: () => Promise.resolve(clientSecret) });
      // Stripe allows one embedded form at a time: one opened after this step closed is closed at once.
      if (closed || !container.current) return created.destroy();
      form = created;
      created.mount(container.current);
    };
    open().catch((error: unknown) => {
      if (!closed) failed.current(error);
    });
    return () => {
      closed = true;
      form?.destroy();
    };
  }, [publishableKey, clientSecret, failed]);

  return <div ref={container} data-testid="stripe-embedded-checkout" className="mt-4 w-full" style={{ minHeight }} />;
}
