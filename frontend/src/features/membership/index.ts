/** What other features use of the membership: the billing panel of the account page. */
export { SubscriptionBilling } from './components/subscription-billing';
