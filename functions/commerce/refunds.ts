/**
 * Refunds an admin makes: a paid order refunded in full through Stripe (idempotent on the order, so a double click
 * refunds once) and recorded as the admin's request; Stripe's charge.refunded then records the refund itself
 * (functions/commerce/stripe-events.ts). And the purchases an admin looks through to find the one to refund.
 */
import type Stripe from 'stripe';
import { orderDecider, orderStream, refundable, type PaidOrder } from './domain/order.js';
import { conflict, upstreamFailed } from '../platform/errors.js';
import type { PurchaseView } from './projections/commerce.js';
import { runCommand, type CommandContext } from '../platform/command.js';
import { purchasesOf, readOrder } from './commerce.js';
import { stripeClient } from './stripe.js';

interface OrderRefund {
  order: PaidOrder;
  /** Stripe's refund; null when the order was refunded already and Stripe was not asked again. */
  refund: Stripe.Refund | null;
}

const isStripeRefusal = (error: unknown) => (error as { type?: unknown } | null)?.type === 'StripeInvalidRequestError';

export async function refundOrder(orderId: string, context: CommandContext): Promise<OrderRefund> {
  const order = refundable(await readOrder(orderId), orderId);
  if (order.status === 'refunded') return { order, refund: null };
  const stripe = await stripeClient();
  const checkout = order.stripeSessionId ? await stripe.checkout.sessions.retrieve(order.stripeSessionId) : null;
  const paymentIntent = typeof checkout?.payment_intent === 'string' ? checkout.payment_intent : (checkout?.payment_intent?.id ?? null);
  if (!paymentIntent) {
    throw conflict('refund_in_stripe', "This order was paid together with a Toko+ plan: refund it in Stripe's dashboard");
  }
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { orderId } },
      { idempotencyKey: `refund-${orderId}` },
    );
  } catch (error) {
    if (isStripeRefusal(error)) throw upstreamFailed('refund_refused', `Stripe refused the refund: ${(error as Error).message}`);
    throw error;
  }
  const { state } = await runCommand(
    orderStream(orderId),
    orderDecider,
    { type: 'RequestRefund', orderId, stripeRefundId: refund.id },
    context,
  );
  return { order: refundable(state, orderId), refund };
}

/** A page of a listener's purchases, newest first; the cursor is the last purchase shown. */
export async function purchasesPage(
  userId: string,
  page: { cursor?: string; limit: number },
): Promise<{ purchases: PurchaseView[]; nextCursor: string | null }> {
  const place = (p: PurchaseView) => `${p.purchaseDate}|${p.id}`;
  const all = (await purchasesOf(userId)).sort((a, b) => place(b).localeCompare(place(a)));
  const rest = page.cursor ? all.filter((p) => place(p) < page.cursor!) : all;
  const purchases = rest.slice(0, page.limit);
  return { purchases, nextCursor: rest.length > page.limit ? place(purchases[purchases.length - 1]) : null };
}
