/**
 * The two links a mail carries: GET /api/auth/verify-magic-link?token (signs in) and
 * GET /api/auth/verify-email?token&email (confirms an address). Each token works once and following it
 * changes the session, so each is an action run once per page visit rather than a cached read.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const magicLinkAnswerSchema = z.object({
  subscriptionIntent: z.nullish(z.union([z.boolean(), z.string()])),
  checkoutUrl: z.nullish(z.string()),
  message: z.nullish(z.string()),
  isNewUser: z.nullish(z.boolean()),
});
export type MagicLinkAnswer = z.infer<typeof magicLinkAnswerSchema>;

const verifyEmailAnswerSchema = z.object({
  message: z.nullish(z.string()),
  user: z.nullish(z.object({ displayName: z.nullish(z.string()), email: z.nullish(z.string()) })),
  redirectUrl: z.nullish(z.string()),
});
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswerSchema>;

export const verifyMagicLink = (token: string): Promise<MagicLinkAnswer> =>
  request(`/api/auth/verify-magic-link?token=${encodeURIComponent(token)}`, magicLinkAnswerSchema);

export const verifyEmail = ({ token, email }: { token: string; email: string }): Promise<VerifyEmailAnswer> =>
  request(`/api/auth/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`, verifyEmailAnswerSchema);

/** Runs the verification once when the page has what it needs (StrictMode's second effect run is skipped). */
function useVerifyOnce<Input, Answer>(verify: (input: Input) => Promise<Answer>, input: Input | null) {
  const mutation = useMutation({ mutationFn: verify });
  const started = useRef(false);
  const { mutate } = mutation;
  useEffect(() => {
    if (input === null || started.current) return;
    started.current = true;
    mutate(input);
  }, [input, mutate]);
  return mutation;
}

export const useVerifyMagicLink = (token: string | null) => useVerifyOnce(verifyMagicLink, token);

export const useVerifyEmail = (link: { token: string; email: string } | null) => useVerifyOnce(verifyEmail, link);
