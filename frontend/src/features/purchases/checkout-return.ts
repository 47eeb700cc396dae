/** Where the pages a checkout returns to send the buyer: the success page of their session, when the address names one. */

/** The Stripe checkout session named by `?session_id=`, or null. */
export function checkoutSessionOf(url: string | URL): string | null {
  const sessionId = new URL(url).searchParams.get('session_id')?.trim();
  return sessionId ? sessionId : null;
}

export const checkoutSuccessPath = (sessionId: string): string => `/checkout-success?session_id=${encodeURIComponent(sessionId)}`;

/** /checkout-redirect and /after-purchase: the success page of the session, else the purchase history. */
export function afterPurchasePath(url: string | URL): string {
  const sessionId = checkoutSessionOf(url);
  return sessionId ? checkoutSuccessPath(sessionId) : '/purchases';
}
