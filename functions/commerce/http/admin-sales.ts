/**
 * HTTP context `admin-sales`: a listener's purchases and the sales search (by order, buyer's e-mail or album) as an
 * admin finds them, and refunds through Stripe. The refund is the admin's event (RefundRequested); the albums leave the
 * listener once Stripe reports it (charge.refunded).
 */
import { paidTotal } from '../domain/order.js';
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler } from '../../platform/http.js';
import { adminSalesRoutes } from '../../routes.js';
import { purchasesPage, refundOrder } from '../refunds.js';
import { searchSales } from '../sales.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

export const handler = contextHandler(adminSalesRoutes, authorizer, {
  'GET /api/admin/purchases': async ({ query }) => {
    const page = await purchasesPage(query.userId, { cursor: query.cursor, limit: query.limit });
    return {
      purchases: page.purchases.map((p) => ({
        id: p.id,
        orderId: p.orderId,
        albumId: p.albumId,
        title: p.title,
        artistName: p.artistName,
        artwork: p.artwork,
        purchasePrice: p.purchasePrice,
        purchaseDate: p.purchaseDate,
      })),
      nextCursor: page.nextCursor,
    };
  },

  'GET /api/admin/sales': async ({ query }) => searchSales(query),

  'POST /api/admin/purchases/{orderId}/refund': async ({ params, session, request }) => {
    const { order, refund } = await refundOrder(params.orderId, commandContext(session, request));
    return {
      orderId: params.orderId,
      status: order.status === 'refunded' ? ('refunded' as const) : ('refund_requested' as const),
      amount: paidTotal(order.paidAlbums),
      albums: order.paidAlbums.map((a) => ({ albumId: a.albumId, title: a.title })),
      stripeRefundId: refund?.id ?? null,
      stripeRefundStatus: refund?.status ?? null,
    };
  },
});
