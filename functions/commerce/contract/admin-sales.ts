/** Contract of the `admin-sales` context: a listener's purchases and the sales search as an admin finds them, and refunds. */
import * as z from 'zod/mini';
import { emailAddress, endpoint, entityId, nullableText } from '../../platform/contract/endpoint.js';

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

/** A paid order as the sales search answers it. */
export const sale = z.object({
  orderId: z.string(),
  /** The buyer as the people screens show them; null where the account is gone from the views. */
  buyer: z.nullable(z.object({ id: z.string(), email: z.string(), displayName: nullableText })),
  albums: z.array(z.object({ albumId: z.string(), title: z.string(), artistName: nullableText, price: z.number() })),
  /** Dollars. */
  amount: z.number(),
  purchaseDate: z.string(),
  /** refund_requested between the admin's refund and Stripe's report of it. */
  status: z.enum(['paid', 'refund_requested', 'refunded']),
  refundedAt: nullableText,
});
export type Sale = z.infer<typeof sale>;

export const searchSalesAnswer = z.object({ sales: z.array(sale), nextCursor: nullableText });
/** Orders found by exactly one of an order id, the buyer's e-mail address or an album, newest first. */
export const searchSales = endpoint({
  query: z.object({
    orderId: z.optional(entityId),
    email: z.optional(emailAddress),
    albumId: z.optional(entityId),
    /** The `nextCursor` of the page before. */
    cursor: z.optional(z.string().check(z.maxLength(500))),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
  }),
  answer: searchSalesAnswer,
});
