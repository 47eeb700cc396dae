/**
 * Applies Stripe's webhook events: a paid checkout completes its order (one PurchaseCompleted per
 * album) and empties the cart of what was bought; a charge refunded in full refunds its order (PurchaseRefunded);
 * subscription and invoice events bring the member's
 * subscription on the user stream in line with Stripe's current view of it. Every step is idempotent
 * (the streams' expected versions decide), and the event id is remembered so a redelivery is cheap.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { orderDecider, orderStream, type PaymentFee } from './domain/order.js';
import type { MembershipState, StripeSubscriptionSnapshot } from './domain/subscription.js';
import { dynamoClient } from '../platform/aws.js';
import { runCommand, type CommandContext } from '../platform/command.js';
import { runCartCommand, runMembershipCommand } from './commerce.js';
import type { EventStore } from '../platform/event-store.js';
import { env } from '../platform/env.js';
import { stripeClient } from './stripe.js';
import { freshUser } from '../accounts/index.js';
import { metricNames, recordMetric } from '../platform/metrics.js';

const appliedKey = (eventId: string) => ({ pk: `stripe-event#${eventId}`, sk: 'applied' });
const REMEMBER_SECONDS = 30 * 24 * 3600;

async function alreadyApplied(eventId: string): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: appliedKey(eventId), ConsistentRead: true }),
  );
  return Boolean(out.Item);
}

async function rememberApplied(event: Stripe.Event, now: Date) {
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: {
        ...appliedKey(event.id),
        type: event.type,
        appliedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + REMEMBER_SECONDS,
      },
    }),
  );
}

const iso = (unix: number) => new Date(unix * 1000).toISOString();
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** Stripe's view of a subscription as it was read at `observedAt`, as the membership decider takes it. */
function snapshotOf(subscription: Stripe.Subscription, observedAt: Date): StripeSubscriptionSnapshot {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    email: subscription.metadata?.email ?? null,
    amount: Math.round((item?.price.unit_amount ?? 0) / 100),
    startedAt: iso(subscription.start_date),
    currentPeriodEnd: iso(item?.current_period_end ?? subscription.start_date),
    trialEndsAt: subscription.trial_end ? iso(subscription.trial_end) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    status: subscription.status,
    endedAt: subscription.ended_at ? iso(subscription.ended_at) : null,
    cancellationRequested: subscription.cancellation_details?.reason === 'cancellation_requested',
    observedAt: observedAt.toISOString(),
  };
}

type Outcome = 'applied' | 'ignored';
const applied = (membership: MembershipState | undefined): Outcome => (membership ? 'applied' : 'ignored');

interface ApplyContext {
  correlationId: string;
  at: Date;
  eventStore: EventStore;
}

/** Whatever started it (a delivery, a member's cancel), what Stripe reports is recorded as Stripe's doing. */
const asStripe = ({ correlationId, at, eventStore }: ApplyContext): CommandContext => ({ actor: 'stripe', correlationId, at, eventStore });

/** Brings the member's subscription in line with Stripe's; answers the membership after it, or undefined for no known user. */
export async function syncSubscription(
  subscriptionId: string,
  renewalInvoiceId: string | null,
  ctx: ApplyContext,
): Promise<MembershipState | undefined> {
  // The current state, not the event's copy: deliveries come in any order, the latest truth wins. Its time is taken
  // before asking, so that of two handlers reading at once the one that asked later is the one that may be newer.
  const stripe = await stripeClient();
  const observedAt = new Date();
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const userId = subscription.metadata?.userId;
  if (!userId || !(await freshUser(userId))) return undefined;
  const snapshot = snapshotOf(subscription, observedAt);
  return runMembershipCommand(
    userId,
    {
      type: 'SyncSubscription',
      userId,
      subscription: snapshot,
      renewal: renewalInvoiceId ? { invoiceId: renewalInvoiceId, currentPeriodEnd: snapshot.currentPeriodEnd } : null,
    },
    asStripe(ctx),
  );
}

/**
 * Stripe's fee of the charge that paid a checkout session, from the charge's balance transaction: the session's
 * payment intent (albums alone), or its first invoice's (albums bought with the Toko+ plan). Null for a session that
 * charged nothing.
 */
async function paymentFee(session: Stripe.Checkout.Session): Promise<PaymentFee | null> {
  const stripe = await stripeClient();
  let intentId = idOf(session.payment_intent);
  const invoiceId = idOf(session.invoice);
  if (!intentId && invoiceId) {
    const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 1 });
    intentId = idOf(payments.data[0]?.payment.payment_intent);
  }
  if (!intentId) return null;
  const chargeId = idOf((await stripe.paymentIntents.retrieve(intentId)).latest_charge);
  if (!chargeId) return null;
  const charge = await stripe.charges.retrieve(chargeId);
  const balanceId = idOf(charge.balance_transaction);
  // A card charge has its balance transaction once it is captured; until then Stripe delivers the event again.
  if (!balanceId) throw new Error(`Charge ${charge.id} has no balance transaction yet`);
  const balance = await stripe.balanceTransactions.retrieve(balanceId);
  return { stripeChargeId: charge.id, stripeBalanceTransactionId: balance.id, chargeCents: charge.amount, feeCents: balance.fee };
}

async function completeCheckout(session: Stripe.Checkout.Session, eventId: string, ctx: ApplyContext): Promise<Outcome> {
  const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  if (!paid) return 'ignored';
  const orderId = session.metadata?.orderId;
  // What the session pays belongs to the checkout that started it (its correlation id, set at checkout), not to this delivery.
  const purchase = { ...ctx, correlationId: session.metadata?.correlationId ?? ctx.correlationId };
  if (orderId) {
    const { state: order } = await runCommand(
      orderStream(orderId),
      orderDecider,
      { type: 'CompletePurchase', orderId, stripeSessionId: session.id, stripeEventId: eventId, fee: await paymentFee(session) },
      asStripe(purchase),
    );
    if (order.status === 'paid') {
      const { userId } = order.order;
      await runCartCommand(
        userId,
        { type: 'RemovePurchased', ownerId: userId, albumIds: order.paidAlbums.map((a) => a.albumId) },
        asStripe(purchase),
      );
      recordMetric(metricNames.purchases);
    }
  }
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId) await syncSubscription(subscriptionId, null, purchase);
  return orderId || subscriptionId ? 'applied' : 'ignored';
}

/** A charge refunded in full refunds the order its payment intent names (metadata set at checkout). */
async function refundOrder(charge: Stripe.Charge, eventId: string, ctx: ApplyContext): Promise<Outcome> {
  // A partial refund (made in Stripe's dashboard) leaves the albums with the buyer.
  if (!charge.refunded) return 'ignored';
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return 'ignored';
  const intent = await (await stripeClient()).paymentIntents.retrieve(paymentIntentId);
  const orderId = intent.metadata?.orderId;
  if (!orderId) return 'ignored';
  await runCommand(
    orderStream(orderId),
    orderDecider,
    { type: 'RecordRefund', orderId, stripeChargeId: charge.id, stripeEventId: eventId, amount: charge.amount_refunded / 100 },
    asStripe(ctx),
  );
  return 'applied';
}

/** Applies one verified event; throws to make Stripe deliver it again later. */
export async function applyStripeEvent(event: Stripe.Event, ctx: ApplyContext): Promise<Outcome | 'duplicate'> {
  if (await alreadyApplied(event.id)) return 'duplicate';
  let outcome: Outcome = 'ignored';
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      outcome = await completeCheckout(event.data.object, event.id, ctx);
      break;
    case 'charge.refunded':
      outcome = await refundOrder(event.data.object, event.id, ctx);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      outcome = applied(await syncSubscription(event.data.object.id, null, ctx));
      break;
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (subscriptionId)
        outcome = applied(await syncSubscription(subscriptionId, invoice.billing_reason === 'subscription_cycle' ? invoice.id : null, ctx));
      break;
    }
    default:
      break;
  }
  await rememberApplied(event, ctx.at);
  return outcome;
}
