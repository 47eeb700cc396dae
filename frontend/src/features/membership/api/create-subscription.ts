/**
 * POST /api/create-subscription from the upgrade page: the e-mail, the chosen amount and the coupon
 * (uppercased). A guest is asked to sign in first (`needsVerification`); a listener gets the hosted
 * checkout's address, with the coupon's free trial when it grants one.
 */
import { useMutation } from '@tanstack/react-query';
import { createSubscriptionAnswer } from '#contract/membership.js';
import { api } from '../../../lib/http';
import { normalizeCoupon, type PlanAmount } from '../plans';

export interface CreateSubscriptionInput {
  email: string;
  amount: PlanAmount;
  couponCode: string;
}

/** The upgrade page sends no cart, so the answer is "sign in first" or the hosted checkout, never a cart's embedded one. */
export const createSubscription = ({ email, amount, couponCode }: CreateSubscriptionInput) =>
  api('POST /api/create-subscription', createSubscriptionAnswer, {
    body: { email: email.trim(), amount, couponCode: normalizeCoupon(couponCode) },
  }).then((answer) => {
    if (!('needsVerification' in answer)) throw new Error('The upgrade checkout answered with a cart checkout');
    return answer;
  });

export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
