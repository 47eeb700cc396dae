/**
 * POST /api/subscription/checkout (embedded) and POST /api/subscription/checkout/hosted: a Toko+ checkout
 * for one of the amounts. Stripe gives an embedded session no page of its own; the local Stripe sandbox
 * does (`checkoutUrl`), and stands in for the embedded form. Without one, or when the embedded session
 * fails, the hosted checkout page takes over (spec part 2 §4, Checkout overlay).
 */
import { startHostedPlanCheckoutAnswer, startPlanCheckoutAnswer } from '../../../../../functions/contract/membership';
import { request } from '../../../lib/http';
import type { PlanAmount } from '../plans';

export const startEmbeddedCheckout = (amount: PlanAmount) =>
  request('/api/subscription/checkout', startPlanCheckoutAnswer, { method: 'POST', body: { amount } });

/** The hosted checkout page's address. */
export async function startHostedCheckout(amount: PlanAmount): Promise<string> {
  const answer = await request('/api/subscription/checkout/hosted', startHostedPlanCheckoutAnswer, {
    method: 'POST',
    body: { amount },
  });
  if (!answer.url) throw new Error('The hosted checkout has no address');
  return answer.url;
}

export type OpenedCheckout = { kind: 'embedded'; url: string } | { kind: 'hosted'; url: string };

/** The embedded form when there is one to show, else the hosted page; the hosted page's failure is the one reported. */
export async function openCheckout(amount: PlanAmount): Promise<OpenedCheckout> {
  try {
    const embedded = await startEmbeddedCheckout(amount);
    if (embedded.checkoutUrl) return { kind: 'embedded', url: embedded.checkoutUrl };
  } catch (error) {
    console.warn('The embedded checkout failed; falling back to the hosted checkout', error);
  }
  return { kind: 'hosted', url: await startHostedCheckout(amount) };
}
