/** How commerce's subscription events move a user's tier (the user stream keeps the tier that sessions read). Pure. */
import type { DomainEvent } from '../../../events/index.js';
import type { UserCommand, UserState } from './user.js';

type TierChange = Extract<UserCommand, { type: 'ChangeSubscriptionTier' }>;

/** The tier command a subscription event implies for the user as they are now; null for other events. */
export function tierChangeFor(event: DomainEvent, user: UserState): TierChange | null {
  const current: TierChange = {
    type: 'ChangeSubscriptionTier',
    tier: user.tier,
    status: user.subscriptionStatus ?? 'inactive',
    source: user.subscriptionSource ?? 'stripe',
    startedAt: user.subscriptionStartedAt,
    expiresAt: user.subscriptionExpiresAt,
    stripeSubscriptionId: user.stripeSubscriptionId,
  };
  switch (event.type) {
    case 'SubscriptionStarted': {
      const d = event.data;
      return {
        ...current,
        tier: 'toko_plus',
        status: d.trialEndsAt ? 'trialing' : 'active',
        source: d.source,
        startedAt: d.startedAt,
        expiresAt: d.currentPeriodEnd,
        stripeSubscriptionId: d.stripeSubscriptionId,
      };
    }
    case 'SubscriptionRenewed':
      return {
        ...current,
        tier: 'toko_plus',
        status: 'active',
        source: 'stripe',
        expiresAt: event.data.currentPeriodEnd,
        stripeSubscriptionId: event.data.stripeSubscriptionId,
      };
    case 'SubscriptionCancelled':
      // Still a member until the end of the period already paid; Stripe then sends the end.
      return { ...current, status: 'cancelled', expiresAt: event.data.endsAt, stripeSubscriptionId: event.data.stripeSubscriptionId };
    case 'SubscriptionResumed':
      return {
        ...current,
        tier: 'toko_plus',
        status: 'active',
        expiresAt: event.data.currentPeriodEnd,
        stripeSubscriptionId: event.data.stripeSubscriptionId,
      };
    case 'SubscriptionEnded':
      return {
        ...current,
        tier: 'free',
        status: 'cancelled',
        expiresAt: event.data.endedAt,
        stripeSubscriptionId: event.data.stripeSubscriptionId,
      };
    default:
      return null;
  }
}
