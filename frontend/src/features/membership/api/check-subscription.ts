/** POST /api/shopify/check-subscription: whether the signed-in account (named by its e-mail) has Toko+. */
import { checkSubscriptionAnswer } from '#contract/membership.js';
import { api } from '../../../lib/http';

export const checkSubscription = async (email: string): Promise<boolean> =>
  (await api('POST /api/shopify/check-subscription', checkSubscriptionAnswer, { body: { email } })).isSubscriber;
