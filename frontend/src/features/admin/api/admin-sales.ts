/**
 * The admin's calls about sales: a listener's purchases page by page, the sales search (by order id, the buyer's
 * e-mail or an album), the albums the search can pick from, and the refund of an order through Stripe.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { type adminPurchase, listPurchasesAnswer, orderRefund, type sale, searchSalesAnswer } from '#contract/admin-sales.js';
import { albumList } from '#contract/catalogue.js';
import { api } from '../../../lib/http';

export type AdminPurchase = z.infer<typeof adminPurchase>;
export type OrderRefund = z.infer<typeof orderRefund>;
export type Sale = z.infer<typeof sale>;

/** What the sales search looks for: exactly one of these. */
export type SalesQuery = { orderId: string } | { email: string } | { albumId: string };

export const salesKeys = {
  purchases: (userId: string) => ['admin', 'purchases', userId] as const,
  searches: ['admin', 'sales', 'search'] as const,
  search: (query: SalesQuery) => ['admin', 'sales', 'search', query] as const,
  albums: ['admin', 'sales', 'albums'] as const,
};

/** One page of a listener's purchases, in the shape the admin tables page through. */
export async function purchasesPage(userId: string, cursor: string | null, signal?: AbortSignal) {
  const query = { userId, cursor: cursor || undefined };
  const page = await api('GET /api/admin/purchases', listPurchasesAnswer, { query, signal });
  return { items: page.purchases, nextCursor: page.nextCursor };
}

/** One page of the orders a search finds, newest first. */
export async function searchSalesPage(search: SalesQuery, cursor: string | null, signal?: AbortSignal) {
  const query = { ...search, cursor: cursor || undefined };
  const page = await api('GET /api/admin/sales', searchSalesAnswer, { query, signal });
  return { items: page.sales, nextCursor: page.nextCursor };
}

/** The label's albums on sale, to pick one whose sales to list (the catalogue's own list, newest first). */
export const salesAlbumsQueryOptions = () =>
  queryOptions({
    queryKey: salesKeys.albums,
    queryFn: ({ signal }) => api('GET /api/albums', albumList, { signal }),
    staleTime: 60_000,
  });

/** Refunds a whole order; asking twice answers the one refund. The lists that show it reload as the refund lands. */
export function useRefundOrder(userId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api('POST /api/admin/purchases/{orderId}/refund', orderRefund, { params: { orderId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.searches });
      if (!userId) return;
      void queryClient.invalidateQueries({ queryKey: salesKeys.purchases(userId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'people', 'user', userId] });
    },
  });
}
