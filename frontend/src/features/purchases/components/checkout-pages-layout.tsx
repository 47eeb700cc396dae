/** The centred card the checkout result pages share, their way onward, and the state with no checkout to show. */
import { Home, LibraryBig, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button';
import { ErrorState } from '../../../ui/status-message';

export function CheckoutCard({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-white/10 bg-zinc-900 p-5 shadow-xl md:mt-8 md:p-8" data-testid={testId}>
      {children}
    </div>
  );
}

/** Library, purchases and home: the ways on from a checkout page (/library, /purchases, /). */
export function CheckoutLinks() {
  return (
    <nav aria-label="After your purchase" className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
      <Link to="/library?tab=downloads" className={buttonClass('primary')}>
        <LibraryBig aria-hidden="true" className="size-4" />
        Go to Library
      </Link>
      <Link to="/purchases" className={buttonClass('secondary')}>
        <Receipt aria-hidden="true" className="size-4" />
        View Purchases
      </Link>
      <Link to="/" className={buttonClass('ghost')}>
        <Home aria-hidden="true" className="size-4" />
        Back to Home
      </Link>
    </nav>
  );
}

/** A result page opened without `?session_id=`: nothing to confirm, so say so and point to the purchases. */
export function MissingCheckout({ testId }: { testId: string }) {
  return (
    <CheckoutCard testId={testId}>
      <ErrorState
        title="Checkout Not Found"
        error="This page needs the checkout it comes back from, and none was given. If you just paid, your albums are in your purchase history."
      />
      <CheckoutLinks />
    </CheckoutCard>
  );
}
