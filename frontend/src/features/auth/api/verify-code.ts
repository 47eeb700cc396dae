/** POST /api/auth/verify-code: the 6-digit code; on success the server sets the session cookie. */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const verifyCodeAnswerSchema = z.object({
  subscriptionIntent: z.nullish(z.union([z.boolean(), z.string()])),
  isNewUser: z.nullish(z.boolean()),
  cartCheckoutIntent: z.nullish(z.union([z.boolean(), z.string()])),
  redirectUrl: z.nullish(z.string()),
  requiresPassword: z.nullish(z.boolean()),
  message: z.nullish(z.string()),
});
export type VerifyCodeAnswer = z.infer<typeof verifyCodeAnswerSchema>;

export const verifyCode = (body: { email: string; code: string }): Promise<VerifyCodeAnswer> =>
  request('/api/auth/verify-code', verifyCodeAnswerSchema, { method: 'POST', body });

export const useVerifyCode = () => useMutation({ mutationFn: verifyCode });
