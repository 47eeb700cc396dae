/** POST /api/stripe/verify-checkout: whether the Toko+ checkout of this session is paid and the membership recorded. */
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const verifyCheckoutAnswerSchema = z.object({
  success: z.nullish(z.boolean()),
  subscribed: z.nullish(z.boolean()),
  subscriptionActivated: z.nullish(z.boolean()),
  status: z.nullish(z.string()),
});
export type VerifyCheckoutAnswer = z.infer<typeof verifyCheckoutAnswerSchema>;

export const verifyCheckout = (sessionId: string): Promise<VerifyCheckoutAnswer> =>
  request('/api/stripe/verify-checkout', verifyCheckoutAnswerSchema, { method: 'POST', body: { sessionId } });

/** The membership this checkout paid for is on record. */
export const isActivated = (answer: VerifyCheckoutAnswer | undefined): boolean =>
  Boolean(answer && (answer.subscriptionActivated || answer.success));
