/**
 * The two links a mail carries: the page of each posts the token of its URL to POST /api/auth/verify-magic-link
 * (signs in) or POST /api/auth/verify-email (confirms an address, and signs in). Each token works once and using it
 * changes the session, so each is an action run once per page visit rather than a cached read.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { verifyEmailAnswer, verifyMagicLinkAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';

export const verifyMagicLink = (token: string) => api('POST /api/auth/verify-magic-link', verifyMagicLinkAnswer, { body: { token } });

export const verifyEmail = (link: { token: string; email: string }) =>
  api('POST /api/auth/verify-email', verifyEmailAnswer, { body: link });

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
