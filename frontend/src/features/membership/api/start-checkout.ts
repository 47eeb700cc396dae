/**
 * POST /api/subscription/checkout (embedded) and POST /api/subscription/checkout/hosted: a Toko+ checkout
 * for one of the amounts. The embedded session's form is the Stripe sandbox's own page (`checkoutUrl`) or, with
 * real Stripe keys, Stripe's embedded form (lib/embedded-checkout.ts). Without one, or when the embedded session
 * fails, the hosted checkout page takes over, so a payment can always be made.
 */
import { startHostedPlanCheckoutAnswer, startPlanCheckoutAnswer } from '#contract/membership.js';
import { embeddedCheckoutForm, type EmbeddedCheckoutForm } from '../../../lib/embedded-checkout';
import { api } from '../../../lib/http';
import type { PlanAmount } from '../plans';

const startEmbeddedCheckout = (amount: PlanAmount) => api('POST /api/subscription/checkout', startPlanCheckoutAnswer, { body: { amount } });

/** The hosted checkout page's address. */
export async function startHostedCheckout(amount: PlanAmount): Promise<string> {
  const answer = await api('POST /api/subscription/checkout/hosted', startHostedPlanCheckoutAnswer, { body: { amount } });
  if (!answer.url) throw new Error('The hosted checkout has no address');
  return answer.url;
}

type OpenedCheckout = { kind: 'embedded'; form: EmbeddedCheckoutForm } | { kind: 'hosted'; url: string };

/** The embedded form when there is one to show, else the hosted page; the hosted page's failure is the one reported. */
export async function openCheckout(amount: PlanAmount): Promise<OpenedCheckout> {
  try {
    const form = embeddedCheckoutForm(await startEmbeddedCheckout(amount));
    if (form) return { kind: 'embedded', form };
  } catch (error) {
    console.warn('The embedded checkout failed; falling back to the hosted checkout', error);
  }
  return { kind: 'hosted', url: await startHostedCheckout(amount) };
}
