/** The admin's calls about a listener's purchases: the list page by page, and the refund of an order through Stripe. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { type adminPurchase, listPurchasesAnswer, orderRefund } from '../../../../../functions/contract/admin-sales.js';
import { request } from '../../../lib/http';

export type AdminPurchase = z.infer<typeof adminPurchase>;
export type OrderRefund = z.infer<typeof orderRefund>;

export const salesKeys = {
  purchases: (userId: string) => ['admin', 'purchases', userId] as const,
};

/** One page of a listener's purchases, in the shape the admin tables page through. */
export async function purchasesPage(userId: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ userId });
  if (cursor) query.set('cursor', cursor);
  const page = await request(`/api/admin/purchases?${query.toString()}`, listPurchasesAnswer, { signal });
  return { items: page.purchases, nextCursor: page.nextCursor };
}

/** Refunds a whole order; asking twice answers the one refund. The lists reload as the refund lands. */
export function useRefundOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => request(`/api/admin/purchases/${encodeURIComponent(orderId)}/refund`, orderRefund, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.purchases(userId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'people', 'user', userId] });
    },
  });
}
