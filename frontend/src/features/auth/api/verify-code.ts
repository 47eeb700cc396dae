/** POST /api/auth/verify-code: the 6-digit code; on success the server sets the session cookie. */
import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { verifyCodeAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';

export type VerifyCodeAnswer = z.infer<typeof verifyCodeAnswer>;

const verifyCode = (body: { email: string; code: string }): Promise<VerifyCodeAnswer> =>
  api('POST /api/auth/verify-code', verifyCodeAnswer, { body });

export const useVerifyCode = () => useMutation({ mutationFn: verifyCode });
