/** POST /api/shopify/check-subscription: whether the signed-in account (named by its e-mail) has Toko+. */
import { checkSubscriptionAnswer } from '#contract/membership.js';
import { request } from '../../../lib/http';

export const checkSubscription = async (email: string): Promise<boolean> =>
  (await request('/api/shopify/check-subscription', checkSubscriptionAnswer, { method: 'POST', body: { email } })).isSubscriber;
