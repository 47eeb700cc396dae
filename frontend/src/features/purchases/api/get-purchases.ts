/** GET /api/purchases: the listener's purchase history, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPurchasesAnswer } from '#contract/commerce.js';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { purchaseKeys } from './purchase-keys';

export const purchasesQueryOptions = () =>
  queryOptions({
    queryKey: purchaseKeys.history(),
    queryFn: async ({ signal }) => (await api('GET /api/purchases', listPurchasesAnswer, { signal })).purchases,
  });

/** Read only for a signed-in listener; a guest has bought nothing. */
export function usePurchases() {
  const { isSignedIn } = useSession();
  return useQuery({ ...purchasesQueryOptions(), enabled: isSignedIn });
}
