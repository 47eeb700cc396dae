/**
 * What other features use of the membership: the billing panel of the account page, its button to the billing portal,
 * and the member's live subscription.
 */
export { SubscriptionBilling } from './components/subscription-billing';
export { useSubscription } from './api/get-subscription';
export { ManageSubscriptionButton } from './components/manage-subscription-button';
