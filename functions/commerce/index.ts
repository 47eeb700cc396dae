/** Commerce's public face: the streams of carts, orders and memberships, a guest cart's hand-over at sign-in, and the Stripe client. */
export { cartStream } from './domain/cart.js';
export { orderStream } from './domain/order.js';
export { membershipDecider, userStream } from './domain/subscription.js';
export { syncGuestCart } from './guest-cart.js';
export { syncSubscription } from './stripe-events.js';
export { isMissing, stripeClient } from './stripe.js';
