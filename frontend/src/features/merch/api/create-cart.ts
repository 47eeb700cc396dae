/** POST /api/shopify/create-cart: an external cart of the bag's lines, answered with its checkout URL. */
import { createCartAnswer } from '#contract/merch.js';
import { api } from '../../../lib/http';

export const createMerchCart = (items: Array<{ variantId: string; quantity: number }>) =>
  api('POST /api/shopify/create-cart', createCartAnswer, { body: { items } });
