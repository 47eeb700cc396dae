/** Contract of the `admin-sales` context: a listener's purchases as an admin finds them, and refunds. */
import * as z from 'zod/mini';
import { endpoint, entityId, nullableText } from './endpoint.js';

export const adminPurchase = z.object({
  /** `<orderId>:<albumId>`. */
  id: z.string(),
  orderId: z.string(),
  albumId: z.string(),
  title: z.string(),
  artistName: nullableText,
  artwork: nullableText,
  /** Dollars. */
  purchasePrice: z.number(),
  purchaseDate: z.string(),
});
export type AdminPurchase = z.infer<typeof adminPurchase>;

export const listPurchasesAnswer = z.object({ purchases: z.array(adminPurchase), nextCursor: nullableText });
export const listPurchases = endpoint({
  query: z.object({
    userId: entityId,
    /** The `nextCursor` of the page before. */
    cursor: z.optional(z.string().check(z.maxLength(300))),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
  }),
  answer: listPurchasesAnswer,
});

export const orderRefund = z.object({
  orderId: z.string(),
  /** refund_requested until Stripe reports the refund (charge.refunded), then refunded. */
  status: z.enum(['refund_requested', 'refunded']),
  /** Dollars. */
  amount: z.number(),
  albums: z.array(z.object({ albumId: z.string(), title: z.string() })),
  stripeRefundId: nullableText,
  /** Stripe's status of the refund (pending, succeeded…); null when the order was refunded already. */
  stripeRefundStatus: nullableText,
});

/** Refunds the whole order through Stripe; asking again answers the same refund. */
export const refundOrder = endpoint({ params: z.object({ orderId: entityId }), answer: orderRefund });
