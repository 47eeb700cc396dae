/** POST /api/shopify/check-subscription: whether the signed-in account (named by its e-mail) has Toko+. */
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const checkAnswerSchema = z.object({ isSubscriber: z.boolean() });

export const checkSubscription = async (email: string): Promise<boolean> =>
  (await request('/api/shopify/check-subscription', checkAnswerSchema, { method: 'POST', body: { email } })).isSubscriber;
