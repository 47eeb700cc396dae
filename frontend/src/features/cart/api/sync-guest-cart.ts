/** POST /api/cart/sync: the guest cart moved into the signed-in listener's cart; answers the merged cart. */
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import type { GuestCartItem } from '../guest-cart';
import { cartAnswerSchema } from './cart-schema';

const syncAnswerSchema = z.object({ syncedItems: z._default(z.number(), 0), cart: cartAnswerSchema });

export const syncGuestCartItems = (guestCartItems: GuestCartItem[]) =>
  request('/api/cart/sync', syncAnswerSchema, { method: 'POST', body: { guestCartItems } });
