/** GET /api/shopify/products: every product of the shop, in the shop's featured order. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { merchKeys } from './merch-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const merchSchemas = () => import('#contract/merch.js');

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: merchKeys.products(),
    queryFn: ({ signal }) => api('GET /api/shopify/products', () => merchSchemas().then((c) => c.listProductsAnswer), { signal }),
    // Stock changes slowly; a visit to the shop need not read it twice.
    staleTime: 60_000,
  });

export const useProducts = () => useQuery(productsQueryOptions());
