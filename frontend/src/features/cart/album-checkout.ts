/**
 * Album cart checkout: an embedded session first, whose form is the Stripe-compatible sandbox's own page
 * (shown in a frame) or, with real Stripe keys, Stripe's embedded form (lib/embedded-checkout.ts); when the session
 * fails, takes longer than 5 s, or has no form to show, the hosted checkout the browser is sent to.
 */
import { embeddedCheckoutForm, type EmbeddedCheckoutForm } from '../../lib/embedded-checkout';
import { startEmbeddedCheckout, startHostedCheckout, type CheckoutRequest } from './api/start-checkout';
import { checkoutFailure, EMBEDDED_CHECKOUT_TIMEOUT_MS, type CartNotice } from './cart-messages';

/** Where the buyer goes when there is no embedded form: the hosted page, or what went wrong. */
export type HostedOutcome = { kind: 'hosted'; url: string } | { kind: 'failed'; notice: CartNotice };
type CheckoutOutcome = { kind: 'embedded'; form: EmbeddedCheckoutForm; sessionId: string } | HostedOutcome;

/** The embedded session's form, or null when it failed, is too slow, or has no form this app can show. */
async function embeddedForm(body: CheckoutRequest): Promise<{ form: EmbeddedCheckoutForm; sessionId: string } | null> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), EMBEDDED_CHECKOUT_TIMEOUT_MS);
  try {
    const answer = await startEmbeddedCheckout(body, controller.signal);
    const form = embeddedCheckoutForm(answer);
    return form ? { form, sessionId: answer.sessionId } : null;
  } catch {
    return null;
  } finally {
    window.clearTimeout(timer);
  }
}

/** The hosted checkout page, the fallback of every embedded form. */
export async function hostedAlbumCheckout(body: CheckoutRequest): Promise<HostedOutcome> {
  try {
    const hosted = await startHostedCheckout(body);
    return { kind: 'hosted', url: hosted.checkoutUrl };
  } catch (error) {
    return { kind: 'failed', notice: checkoutFailure(error) };
  }
}

export async function startAlbumCheckout(body: CheckoutRequest): Promise<CheckoutOutcome> {
  const embedded = await embeddedForm(body);
  if (embedded) return { kind: 'embedded', ...embedded };
  return hostedAlbumCheckout(body);
}
