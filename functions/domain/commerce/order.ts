/**
 * An order: a checkout started with the albums and prices quoted, then paid. Payment is recorded
 * only from a verified Stripe webhook, once: a paid order decides nothing more, and two deliveries
 * racing each other meet at the stream's expected version. Pure.
 */
import type { DomainEvent, EventOf, NewEvent, OrderAlbum } from '../../../events/index.js';
import { assertNever, conflict, notFound } from '../errors.js';

export type OrderState =
  { status: 'none' } | { status: 'started' | 'paid'; order: EventOf<'CheckoutStarted'>['data']; paidAlbums: OrderAlbum[] };

export type OrderCommand =
  | { type: 'StartCheckout'; order: EventOf<'CheckoutStarted'>['data'] }
  | { type: 'CompletePurchase'; orderId: string; stripeSessionId: string; stripeEventId: string };

export const orderDecider = {
  initialState: { status: 'none' } as OrderState,
  evolve: (state: OrderState, event: DomainEvent): OrderState => {
    switch (event.type) {
      case 'CheckoutStarted':
        return { status: 'started', order: event.data, paidAlbums: [] };
      case 'PurchaseCompleted':
        return state.status === 'none' ? state : { ...state, status: 'paid', paidAlbums: [...state.paidAlbums, event.data.album] };
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
        if (state.status === 'paid') return [];
        const { order } = state;
        return order.albums.map((album) => ({
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
      }
      default:
        return assertNever(command);
    }
  },
};

export const orderStream = (orderId: string) => `order#${orderId}`;
