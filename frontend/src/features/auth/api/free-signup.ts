/** POST /api/auth/free-signup: the /free-signup page's one field; the answer names the address the message went to. */
import { useMutation } from '@tanstack/react-query';
import { freeSignupAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';

export const freeSignup = (email: string) => api('POST /api/auth/free-signup', freeSignupAnswer, { body: { email } });

export const useFreeSignup = () => useMutation({ mutationFn: freeSignup });
