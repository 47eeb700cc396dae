/** GET /api/subscription/me: the member's live subscription (amount in cents, next billing date, trial, cancellation). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscription, type Subscription } from '#contract/membership.js';
import { api } from '../../../lib/http';
import { membershipKeys } from './membership-keys';

export const getSubscription = (signal?: AbortSignal): Promise<Subscription> => api('GET /api/subscription/me', subscription, { signal });

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: membershipKeys.subscription(), queryFn: ({ signal }) => getSubscription(signal) });

export const useSubscription = (enabled = true) => useQuery({ ...subscriptionQueryOptions(), enabled });
