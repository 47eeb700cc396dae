/**
 * GET /api/purchases/check-session/{sessionId}: what a finished checkout bought. The payment is recorded by
 * Stripe's webhook, which may land a moment after the buyer returns, so the lookup is made up to 3 times,
 * 2 s apart; a lookup that finds no confirmed payment counts as failed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutResult } from '#contract/commerce.js';
import { api } from '../../../lib/http';
import { purchaseKeys } from './purchase-keys';

export const CHECKOUT_LOOKUPS = 3;
export const CHECKOUT_LOOKUP_INTERVAL_MS = 2000;

export class CheckoutNotConfirmed extends Error {
  constructor() {
    super('The payment is not confirmed yet');
    this.name = 'CheckoutNotConfirmed';
  }
}

export const checkoutResultQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: purchaseKeys.checkout(sessionId),
    queryFn: async ({ signal }) => {
      const result = await api('GET /api/purchases/check-session/{sessionId}', checkoutResult, { params: { sessionId }, signal });
      if (!result.success) throw new CheckoutNotConfirmed();
      return result;
    },
    retry: CHECKOUT_LOOKUPS - 1,
    retryDelay: CHECKOUT_LOOKUP_INTERVAL_MS,
  });

export const useCheckoutResult = (sessionId: string) => useQuery(checkoutResultQueryOptions(sessionId));
