/** GET /api/shopify/member-discount: the listener's merch discount (a Toko+ member's percentage off), or null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberDiscountAnswer } from '#contract/merch.js';
import { api } from '../../../lib/http';
import { merchKeys } from './merch-keys';

const memberDiscountQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: merchKeys.memberDiscount(userId),
    queryFn: ({ signal }) => api('GET /api/shopify/member-discount', memberDiscountAnswer, { signal }),
    staleTime: 60_000,
  });

/** Asked only for a member: anyone else has no merch discount. */
export const useMemberDiscount = (userId: string | null, isSubscriber: boolean) =>
  useQuery({ ...memberDiscountQueryOptions(userId), enabled: isSubscriber });
