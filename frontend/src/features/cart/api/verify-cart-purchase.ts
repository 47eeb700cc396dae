/** POST /api/stripe/verify-cart-purchase: the albums a finished checkout bought, with their download links. */
import { verifyCartPurchaseAnswer } from '#contract/commerce.js';
import { request } from '../../../lib/http';

export const verifyCartPurchase = (sessionId: string) =>
  request('/api/stripe/verify-cart-purchase', verifyCartPurchaseAnswer, { method: 'POST', body: { sessionId } });
