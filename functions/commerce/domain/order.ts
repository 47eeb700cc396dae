/**
 * An order: a checkout started with the albums and prices quoted, then paid, and perhaps refunded. Payment and refund
 * are recorded only from verified Stripe webhooks, once each: a paid order decides no second payment, a refunded one
 * no second refund (nor a late payment), and two deliveries racing each other meet at the stream's expected version.
 * An admin's refund request is recorded besides, once per Stripe refund. Pure.
 */
import type { DomainEvent, EventOf, NewEvent, OrderAlbum } from '../../../events/index.js';
import { assertNever, conflict, notFound } from '../../platform/errors.js';
import { feeShares } from '../../statements/domain/facts.js';

export type OrderState =
  | { status: 'none' }
  | {
      status: 'started' | 'paid' | 'refunded';
      order: EventOf<'CheckoutStarted'>['data'];
      paidAlbums: OrderAlbum[];
      /** The checkout session that paid it. */
      stripeSessionId: string | null;
      /** Stripe refunds an admin asked for. */
      refundIds: string[];
    };

/** What Stripe kept of the charge that paid an order (its balance transaction); null where the payment had no charge. */
export interface PaymentFee {
  stripeChargeId: string;
  stripeBalanceTransactionId: string;
  chargeCents: number;
  feeCents: number;
}

type KnownOrder = Exclude<OrderState, { status: 'none' }>;
export type PaidOrder = KnownOrder & { status: 'paid' | 'refunded' };

type OrderCommand =
  | { type: 'StartCheckout'; order: EventOf<'CheckoutStarted'>['data'] }
  | { type: 'CompletePurchase'; orderId: string; stripeSessionId: string; stripeEventId: string; fee: PaymentFee | null }
  | { type: 'RequestRefund'; orderId: string; stripeRefundId: string }
  | { type: 'RecordRefund'; orderId: string; stripeChargeId: string; stripeEventId: string; amount: number };

/** What the albums of an order were paid, in dollars. */
export const paidTotal = (albums: Pick<OrderAlbum, 'price'>[]) => Math.round(albums.reduce((sum, a) => sum + a.price * 100, 0)) / 100;

/**
 * Whether an admin may ask Stripe to refund the order: a paid order may be, a refunded one needs nothing more (the
 * answer is its state), anything else is refused. Asked before Stripe is called, so a refusal costs no refund.
 */
export function refundable(state: OrderState, orderId: string): PaidOrder {
  if (state.status === 'none') throw notFound('order_not_found', `Order ${orderId} not found`);
  if (state.status === 'started') throw conflict('order_not_paid', 'This order is not paid, so there is nothing to refund');
  return { ...state, status: state.status };
}

export const orderDecider = {
  initialState: { status: 'none' } as OrderState,
  evolve: (state: OrderState, event: DomainEvent): OrderState => {
    switch (event.type) {
      case 'CheckoutStarted':
        return { status: 'started', order: event.data, paidAlbums: [], stripeSessionId: null, refundIds: [] };
      case 'PurchaseCompleted':
        return state.status === 'none'
          ? state
          : { ...state, status: 'paid', paidAlbums: [...state.paidAlbums, event.data.album], stripeSessionId: event.data.stripeSessionId };
      case 'RefundRequested':
        return state.status === 'none' ? state : { ...state, refundIds: [...state.refundIds, event.data.stripeRefundId] };
      case 'PurchaseRefunded':
        return state.status === 'none' ? state : { ...state, status: 'refunded' };
      default:
        return state;
    }
  },
  decide: (command: OrderCommand, state: OrderState): NewEvent[] => {
    switch (command.type) {
      case 'StartCheckout':
        if (state.status !== 'none') throw conflict('order_exists', `Order ${command.order.orderId} already exists`);
        return [{ type: 'CheckoutStarted', data: command.order }];
      case 'CompletePurchase': {
        if (state.status === 'none') throw notFound('order_not_found', `Order ${command.orderId} not found`);
        // A payment reported again, or after the refund (a late redelivery), grants nothing more.
        if (state.status !== 'started') return [];
        const { order } = state;
        const purchases: NewEvent[] = order.albums.map((album) => ({
          type: 'PurchaseCompleted',
          data: {
            orderId: order.orderId,
            userId: order.userId,
            email: order.email,
            album,
            stripeSessionId: command.stripeSessionId,
            stripeEventId: command.stripeEventId,
            albumsInOrder: order.albums.length,
          },
        }));
        if (!command.fee) return purchases;
        const shares = feeShares(command.fee.feeCents, order.albums, order.planAmount);
        return [...purchases, { type: 'PaymentFeeRecorded', data: { orderId: order.orderId, ...command.fee, ...shares } }];
      }
      case 'RequestRefund': {
        const order = refundable(state, command.orderId);
        // A double click: Stripe answered the same refund (same idempotency key), already recorded.
        if (order.refundIds.includes(command.stripeRefundId)) return [];
        const { userId } = order.order;
        return [
          {
            type: 'RefundRequested',
            data: { orderId: command.orderId, userId, stripeRefundId: command.stripeRefundId, amount: paidTotal(order.paidAlbums) },
          },
        ];
      }
      case 'RecordRefund': {
        if (state.status === 'none') throw notFound('order_not_found', `Order ${command.orderId} not found`);
        // Stripe delivered the refund before the payment: refused, so Stripe delivers it again once the payment is in.
        if (state.status === 'started') throw conflict('order_not_paid', `Order ${command.orderId} has no recorded payment yet`);
        if (state.status === 'refunded') return [];
        const { order } = state;
        return [
          {
            type: 'PurchaseRefunded',
            data: {
              orderId: order.orderId,
              userId: order.userId,
              email: order.email,
              albums: state.paidAlbums,
              amount: command.amount,
              stripeChargeId: command.stripeChargeId,
              stripeEventId: command.stripeEventId,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

export const orderStream = (orderId: string) => `order#${orderId}`;
