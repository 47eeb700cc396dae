/** POST /api/shopify/create-cart: an external cart of the bag's lines, answered with its checkout URL. */
import * as merch from '../../../../../functions/contract/merch';
import { request } from '../../../lib/http';

export const createMerchCart = (items: Array<{ variantId: string; quantity: number }>) =>
  request('/api/shopify/create-cart', merch.createCart.answer, { method: 'POST', body: { items } });
