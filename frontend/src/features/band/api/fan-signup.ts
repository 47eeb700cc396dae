/** POST /api/band/fan-signup: leaves a fan's e-mail with the band. */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fanSignupAnswer } from '../../../../../functions/contract/band';
import { request } from '../../../lib/http';

/** The fan signup needs a well-formed address (spec part 2 §5). */
export const fanEmailSchema = z.string().check(z.trim(), z.email());

export const isValidFanEmail = (email: string): boolean => z.safeParse(fanEmailSchema, email).success;

export const signUpFan = (email: string) =>
  request('/api/band/fan-signup', fanSignupAnswer, { method: 'POST', body: { email: email.trim() } });

export const useFanSignup = () => useMutation({ mutationFn: signUpFan });
