/**
 * POST /api/create-subscription from the upgrade page: the e-mail, the chosen amount and the coupon
 * (uppercased). A guest is asked to sign in first (`needsVerification`); a listener gets the hosted
 * checkout's address, with the coupon's free trial when it grants one.
 */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { normalizeCoupon, type PlanAmount } from '../plans';

const createSubscriptionAnswerSchema = z.object({
  url: z.nullish(z.string()),
  sessionId: z.nullish(z.string()),
  needsVerification: z.nullish(z.boolean()),
  message: z.nullish(z.string()),
  trialDays: z.nullish(z.number()),
});
export type CreateSubscriptionAnswer = z.infer<typeof createSubscriptionAnswerSchema>;

export interface CreateSubscriptionInput {
  email: string;
  amount: PlanAmount;
  couponCode: string;
}

export const createSubscription = ({ email, amount, couponCode }: CreateSubscriptionInput): Promise<CreateSubscriptionAnswer> =>
  request('/api/create-subscription', createSubscriptionAnswerSchema, {
    method: 'POST',
    body: { email: email.trim(), amount, couponCode: normalizeCoupon(couponCode) },
  });

export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
