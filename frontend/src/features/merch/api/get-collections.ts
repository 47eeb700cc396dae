/** GET /api/shopify/collections: the shop's collections, for the collection filter. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { merchKeys } from './merch-keys';
import { shopCollectionSchema } from './merch-schema';

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: merchKeys.collections(),
    queryFn: ({ signal }) => request('/api/shopify/collections', z.array(shopCollectionSchema), { signal }),
    staleTime: 5 * 60_000,
  });

export const useCollections = () => useQuery(collectionsQueryOptions());
