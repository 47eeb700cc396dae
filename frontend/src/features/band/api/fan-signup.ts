/**
 * POST /api/band/fan-signup: mails the fan a link to confirm their address; POST /api/band/fan-signup/confirm, from
 * that link, puts them on the band's list (double opt-in).
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { confirmFanSignupAnswer, fanSignupAnswer } from '#contract/band.js';
import { api } from '../../../lib/http';

/** The fan signup needs a well-formed address, checked before sending so a typo is caught at the field. */
const fanEmailSchema = z.string().check(z.trim(), z.email());

export const isValidFanEmail = (email: string): boolean => z.safeParse(fanEmailSchema, email).success;

const signUpFan = (email: string) => api('POST /api/band/fan-signup', fanSignupAnswer, { body: { email: email.trim() } });

export const useFanSignup = () => useMutation({ mutationFn: signUpFan });

const confirmFanSignup = (token: string) => api('POST /api/band/fan-signup/confirm', confirmFanSignupAnswer, { body: { token } });

export const useConfirmFanSignup = () => useMutation({ mutationFn: confirmFanSignup });
