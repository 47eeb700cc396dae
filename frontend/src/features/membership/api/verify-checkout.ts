/** POST /api/stripe/verify-checkout: whether the Toko+ checkout of this session is paid and the membership recorded. */
import type * as z from 'zod/mini';
import { verifyCheckoutAnswer } from '#contract/membership.js';
import { api } from '../../../lib/http';

type VerifyCheckoutAnswer = z.infer<typeof verifyCheckoutAnswer>;

export const verifyCheckout = (sessionId: string): Promise<VerifyCheckoutAnswer> =>
  api('POST /api/stripe/verify-checkout', verifyCheckoutAnswer, { body: { sessionId } });

/** The membership this checkout paid for is on record. */
export const isActivated = (answer: VerifyCheckoutAnswer | undefined): boolean =>
  Boolean(answer && (answer.subscriptionActivated || answer.success));
