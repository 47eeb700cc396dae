/** How an album is offered to listeners: which tier may stream it, and whether and at what price it is sold. */
import type { EventOf } from '../../../events/index.js';

export type AlbumOffer = Pick<
  EventOf<'AlbumPublished'>['data'],
  'requiredTier' | 'isExclusive' | 'isAvailableForPurchase' | 'stripeProductId' | 'stripePriceDefault' | 'stripePriceSubscriber'
>;

/** Everyone may stream it; it is not for sale. */
export const freeToStream: AlbumOffer = {
  requiredTier: 'free',
  isExclusive: false,
  isAvailableForPurchase: false,
  stripeProductId: null,
  stripePriceDefault: null,
  stripePriceSubscriber: null,
};
