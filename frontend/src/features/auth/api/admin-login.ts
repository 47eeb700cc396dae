/**
 * POST /api/auth/login: the password an account gives besides its e-mail or its username. For an admin the right one
 * answers the second step (the authenticator app's code, or its set-up) with a challenge for it; no session starts
 * before that step.
 */
import { useMutation } from '@tanstack/react-query';
import { loginAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';

const adminLogin = (body: { email: string; password: string } | { username: string; password: string }) =>
  api('POST /api/auth/login', loginAnswer, { body });

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
