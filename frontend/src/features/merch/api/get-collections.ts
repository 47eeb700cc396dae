/** GET /api/shopify/collections: the shop's collections, for the collection filter. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listCollectionsAnswer } from '#contract/merch.js';
import { api } from '../../../lib/http';
import { merchKeys } from './merch-keys';

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: merchKeys.collections(),
    queryFn: ({ signal }) => api('GET /api/shopify/collections', listCollectionsAnswer, { signal }),
    staleTime: 5 * 60_000,
  });

export const useCollections = () => useQuery(collectionsQueryOptions());
