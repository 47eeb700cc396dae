/** GET /api/shopify/products: every product of the shop, in the shop's featured order. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listProductsAnswer } from '#contract/merch.js';
import { api } from '../../../lib/http';
import { merchKeys } from './merch-keys';

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: merchKeys.products(),
    queryFn: ({ signal }) => api('GET /api/shopify/products', listProductsAnswer, { signal }),
    // Stock changes slowly; a visit to the shop need not read it twice.
    staleTime: 60_000,
  });

export const useProducts = () => useQuery(productsQueryOptions());
