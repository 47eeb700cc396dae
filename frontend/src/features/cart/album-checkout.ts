/**
 * Album cart checkout (spec §4): an embedded Stripe session first; when it fails, takes longer than 5 s, or
 * this app has no embedded form for it (Stripe's own embedded sessions need Stripe.js, which is not bundled),
 * the hosted checkout the browser is sent to. The local Stripe sandbox answers embedded sessions with a page
 * standing in for the embedded form, which the dialog shows in a frame.
 */
import { startEmbeddedCheckout, startHostedCheckout, type CheckoutRequest } from './api/start-checkout';
import { checkoutFailure, EMBEDDED_CHECKOUT_TIMEOUT_MS, type CartNotice } from './cart-messages';

export type CheckoutOutcome =
  { kind: 'embedded'; url: string; sessionId: string } | { kind: 'hosted'; url: string } | { kind: 'failed'; notice: CartNotice };

/** The embedded session's form, or null when it failed, is too slow, or has no form this app can show. */
async function embeddedForm(body: CheckoutRequest): Promise<{ url: string; sessionId: string } | null> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), EMBEDDED_CHECKOUT_TIMEOUT_MS);
  try {
    const answer = await startEmbeddedCheckout(body, controller.signal);
    return answer.checkoutUrl ? { url: answer.checkoutUrl, sessionId: answer.sessionId } : null;
  } catch {
    return null;
  } finally {
    window.clearTimeout(timer);
  }
}

export async function startAlbumCheckout(body: CheckoutRequest): Promise<CheckoutOutcome> {
  const embedded = await embeddedForm(body);
  if (embedded) return { kind: 'embedded', ...embedded };
  try {
    const hosted = await startHostedCheckout(body);
    return { kind: 'hosted', url: hosted.checkoutUrl };
  } catch (error) {
    return { kind: 'failed', notice: checkoutFailure(error) };
  }
}
