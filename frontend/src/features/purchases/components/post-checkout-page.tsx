/**
 * /post-checkout: with `?session_id=` the router's loader has already sent the buyer on to
 * /checkout-success; this page is what remains, the error state of a return with no session.
 */
import { useDocumentTitle } from '../../../lib/document-title';
import { MissingCheckout } from './checkout-pages-layout';

export function PostCheckoutPage() {
  useDocumentTitle('Checkout');
  return <MissingCheckout testId="post-checkout-page" />;
}
