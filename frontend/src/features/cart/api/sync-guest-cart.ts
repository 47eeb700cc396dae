/** POST /api/cart/sync: the guest cart moved into the signed-in listener's cart; answers the merged cart. */
import { syncGuestCartAnswer } from '#contract/commerce.js';
import { api } from '../../../lib/http';
import type { GuestCartItem } from '../guest-cart';
import { cartAlbums } from './get-cart';

export const syncGuestCartItems = (guestCartItems: GuestCartItem[]) =>
  api('POST /api/cart/sync', syncGuestCartAnswer, { body: { guestCartItems } }).then((answer) => ({
    syncedItems: answer.syncedItems,
    cart: cartAlbums(answer.cart),
  }));
