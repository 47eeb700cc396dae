/** POST /api/stripe/verify-cart-purchase: the albums a finished checkout bought, with their download links. */
import { verifyCartPurchaseAnswer } from '../../../../../functions/contract/commerce';
import { request } from '../../../lib/http';

export const verifyCartPurchase = (sessionId: string) =>
  request('/api/stripe/verify-cart-purchase', verifyCartPurchaseAnswer, { method: 'POST', body: { sessionId } });
