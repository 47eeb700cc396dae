/** GET /api/shopify/collections: the shop's collections, for the collection filter. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { merchKeys } from './merch-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const merchSchemas = () => import('#contract/merch.js');

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: merchKeys.collections(),
    queryFn: ({ signal }) => api('GET /api/shopify/collections', () => merchSchemas().then((c) => c.listCollectionsAnswer), { signal }),
    staleTime: 5 * 60_000,
  });

export const useCollections = () => useQuery(collectionsQueryOptions());
