/** GET /api/subscription/me: the member's live subscription (amount in cents, next billing date, trial, cancellation). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { membershipKeys } from './membership-keys';

const subscriptionSchema = z.object({
  active: z.boolean(),
  /** Cents a month. */
  amount: z.nullish(z.number()),
  nextBillingDate: z.nullish(z.string()),
  endsAt: z.nullish(z.string()),
  cancelAtPeriodEnd: z.nullish(z.boolean()),
  trialEndsAt: z.nullish(z.string()),
  status: z.nullish(z.string()),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const getSubscription = (signal?: AbortSignal): Promise<Subscription> =>
  request('/api/subscription/me', subscriptionSchema, { signal });

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: membershipKeys.subscription(), queryFn: ({ signal }) => getSubscription(signal) });

export const useSubscription = (enabled = true) => useQuery({ ...subscriptionQueryOptions(), enabled });
