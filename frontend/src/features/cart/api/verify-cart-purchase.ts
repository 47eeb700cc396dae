/** POST /api/stripe/verify-cart-purchase: the albums a finished checkout bought, with their download links. */
import { verifyCartPurchaseAnswer } from '#contract/commerce.js';
import { api } from '../../../lib/http';

export const verifyCartPurchase = (sessionId: string) =>
  api('POST /api/stripe/verify-cart-purchase', verifyCartPurchaseAnswer, { body: { sessionId } });
