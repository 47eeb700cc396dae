/**
 * POST /api/band/fan-signup: mails the fan a link to confirm their address; POST /api/band/fan-signup/confirm, from
 * that link, puts them on the band's list (double opt-in).
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { confirmFanSignupAnswer, fanSignupAnswer } from '#contract/band.js';
import { request } from '../../../lib/http';

/** The fan signup needs a well-formed address (spec part 2 §5). */
export const fanEmailSchema = z.string().check(z.trim(), z.email());

export const isValidFanEmail = (email: string): boolean => z.safeParse(fanEmailSchema, email).success;

export const signUpFan = (email: string) =>
  request('/api/band/fan-signup', fanSignupAnswer, { method: 'POST', body: { email: email.trim() } });

export const useFanSignup = () => useMutation({ mutationFn: signUpFan });

export const confirmFanSignup = (token: string) =>
  request('/api/band/fan-signup/confirm', confirmFanSignupAnswer, { method: 'POST', body: { token } });

export const useConfirmFanSignup = () => useMutation({ mutationFn: confirmFanSignup });
