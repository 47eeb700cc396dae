/**
 * A member's Toko+ subscriptions, kept on the user stream (the accounts side turns these events into
 * the user's tier: functions/accounts/consumers/user-tier.ts). Stripe's webhooks arrive in any order and
 * any number of times, so a command carries Stripe's current view of the subscription and decides
 * only the facts the stream does not record yet. Pure.
 */
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { assertNever } from '../../platform/errors.js';

export type SubscriptionPhase = 'active' | 'cancelling' | 'ended';

export interface MemberSubscription {
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  amount: number;
  /** When Stripe was read for the last plan change recorded; null while the plan is the one it started with. */
  planObservedAt: string | null;
  phase: SubscriptionPhase;
  startedAt: string;
  currentPeriodEnd: string;
  trialEndsAt: string | null;
  renewedInvoices: string[];
}

export interface MembershipState {
  subscriptions: MemberSubscription[];
}

/** Stripe's view of one subscription, at the time the webhook is handled. */
export interface StripeSubscriptionSnapshot {
  id: string;
  customerId: string;
  email: string | null;
  amount: number;
  startedAt: string;
  currentPeriodEnd: string;
  trialEndsAt: string | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's status: active, trialing, past_due, canceled… */
  status: string;
  /** Set once the subscription is over (deleted in Stripe). */
  endedAt: string | null;
  /** The member asked for the cancellation (Stripe's cancellation reason), rather than a payment that failed. */
  cancellationRequested: boolean;
  /** When Stripe was read for this view (ISO): of two views that disagree on the plan, the later reading wins. */
  observedAt: string;
}

export type MembershipCommand = {
  type: 'SyncSubscription';
  userId: string;
  subscription: StripeSubscriptionSnapshot;
  /** A paid renewal invoice, when the webhook was one. */
  renewal: { invoiceId: string; currentPeriodEnd: string } | null;
};

const update = (state: MembershipState, id: string, change: (s: MemberSubscription) => MemberSubscription): MembershipState => ({
  ...state,
  subscriptions: state.subscriptions.map((s) => (s.stripeSubscriptionId === id ? change(s) : s)),
});

export const membershipDecider = {
  initialState: { subscriptions: [] } as MembershipState,
  evolve: (state: MembershipState, event: DomainEvent): MembershipState => {
    switch (event.type) {
      case 'SubscriptionStarted': {
        const d = event.data;
        return {
          ...state,
          subscriptions: [
            ...state.subscriptions,
            {
              stripeSubscriptionId: d.stripeSubscriptionId,
              stripeCustomerId: d.stripeCustomerId,
              amount: d.amount,
              planObservedAt: null,
              phase: 'active',
              startedAt: d.startedAt,
              currentPeriodEnd: d.currentPeriodEnd,
              trialEndsAt: d.trialEndsAt,
              renewedInvoices: [],
            },
          ],
        };
      }
      case 'SubscriptionRenewed':
        return update(state, event.data.stripeSubscriptionId, (s) => ({
          ...s,
          currentPeriodEnd: event.data.currentPeriodEnd,
          renewedInvoices: [...s.renewedInvoices, event.data.invoiceId],
        }));
      case 'SubscriptionPlanChanged':
        return update(state, event.data.stripeSubscriptionId, (s) => ({
          ...s,
          amount: event.data.amount,
          planObservedAt: event.data.observedAt,
        }));
      case 'SubscriptionCancelled':
        return update(state, event.data.stripeSubscriptionId, (s) => (s.phase === 'ended' ? s : { ...s, phase: 'cancelling' }));
      case 'SubscriptionResumed':
        return update(state, event.data.stripeSubscriptionId, (s) =>
          s.phase === 'cancelling' ? { ...s, phase: 'active', currentPeriodEnd: event.data.currentPeriodEnd } : s,
        );
      case 'SubscriptionEnded':
        return update(state, event.data.stripeSubscriptionId, (s) => ({ ...s, phase: 'ended' }));
      default:
        return state;
    }
  },
  decide: (command: MembershipCommand, state: MembershipState): NewEvent[] => {
    switch (command.type) {
      case 'SyncSubscription': {
        const { userId, subscription: stripe, renewal } = command;
        const ref = { userId, stripeSubscriptionId: stripe.id };
        const events: NewEvent[] = [];
        let known = state.subscriptions.find((s) => s.stripeSubscriptionId === stripe.id);
        if (!known) {
          events.push({
            type: 'SubscriptionStarted',
            data: {
              ...ref,
              stripeCustomerId: stripe.customerId,
              email: stripe.email,
              amount: stripe.amount,
              startedAt: stripe.startedAt,
              currentPeriodEnd: stripe.currentPeriodEnd,
              trialEndsAt: stripe.trialEndsAt,
              source: 'stripe',
            },
          });
          known = {
            stripeSubscriptionId: stripe.id,
            stripeCustomerId: stripe.customerId,
            amount: stripe.amount,
            planObservedAt: null,
            phase: 'active',
            startedAt: stripe.startedAt,
            currentPeriodEnd: stripe.currentPeriodEnd,
            trialEndsAt: stripe.trialEndsAt,
            renewedInvoices: [],
          };
        }
        if (known.phase === 'ended') return events;
        if (renewal && !known.renewedInvoices.includes(renewal.invoiceId) && !stripe.endedAt) {
          events.push({
            type: 'SubscriptionRenewed',
            data: { ...ref, invoiceId: renewal.invoiceId, currentPeriodEnd: renewal.currentPeriodEnd },
          });
        }
        // Another price (the portal's plan change); a reading older than the change recorded is stale, not a change back.
        const newerReading = known.planObservedAt === null || stripe.observedAt > known.planObservedAt;
        if (stripe.amount !== known.amount && !stripe.endedAt && newerReading) {
          events.push({
            type: 'SubscriptionPlanChanged',
            data: { ...ref, previousAmount: known.amount, amount: stripe.amount, observedAt: stripe.observedAt },
          });
        }
        if (stripe.cancelAtPeriodEnd && !stripe.endedAt && known.phase === 'active') {
          events.push({ type: 'SubscriptionCancelled', data: { ...ref, endsAt: stripe.currentPeriodEnd } });
        }
        // The cancellation taken back (the member's resume, or the customer portal) before the period ended.
        if (!stripe.cancelAtPeriodEnd && !stripe.endedAt && known.phase === 'cancelling') {
          events.push({ type: 'SubscriptionResumed', data: { ...ref, currentPeriodEnd: stripe.currentPeriodEnd } });
        }
        // Cancelled at once (an account deleted) rather than at the period's end: a cancellation and an end, as the label counts them.
        if (stripe.endedAt && stripe.cancellationRequested && known.phase === 'active') {
          events.push({ type: 'SubscriptionCancelled', data: { ...ref, endsAt: stripe.endedAt } });
        }
        if (stripe.endedAt) events.push({ type: 'SubscriptionEnded', data: { ...ref, endedAt: stripe.endedAt } });
        return events;
      }
      default:
        return assertNever(command.type);
    }
  },
};

/** The subscription that makes the member Toko+ now: the latest one not ended. */
export function currentSubscription(state: MembershipState): MemberSubscription | null {
  const live = state.subscriptions.filter((s) => s.phase !== 'ended');
  return live.length ? live[live.length - 1] : null;
}

export const userStream = (userId: string) => `user#${userId}`;
