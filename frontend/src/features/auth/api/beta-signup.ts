/** POST /api/users/beta-signup: an account with a username and password, opened with an optional beta code. */
import { useMutation } from '@tanstack/react-query';
import { betaSignupAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';

export interface BetaSignupRequest {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  betaCode?: string;
  displayName: string;
}

export const betaSignup = (body: BetaSignupRequest) => api('POST /api/users/beta-signup', betaSignupAnswer, { body });

export const useBetaSignup = () => useMutation({ mutationFn: betaSignup });
