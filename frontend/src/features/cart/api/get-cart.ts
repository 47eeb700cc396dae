/** GET /api/cart: the signed-in listener's album cart, retried 3 times at 1 s (spec §7). */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { cartKeys } from './cart-keys';
import { cartAnswerSchema } from './cart-schema';

export const CART_RETRIES = 3;
export const CART_RETRY_DELAY_MS = 1000;

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.items(),
    queryFn: ({ signal }) => request('/api/cart', cartAnswerSchema, { signal }),
    retry: CART_RETRIES,
    retryDelay: CART_RETRY_DELAY_MS,
  });
