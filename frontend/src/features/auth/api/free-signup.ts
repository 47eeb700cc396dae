/** POST /api/auth/free-signup: the /free-signup page's one field; the answer names the address the message went to. */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const freeSignupAnswerSchema = z.object({ email: z.nullish(z.string()) });

export const freeSignup = (email: string): Promise<z.infer<typeof freeSignupAnswerSchema>> =>
  request('/api/auth/free-signup', freeSignupAnswerSchema, { method: 'POST', body: { email } });

export const useFreeSignup = () => useMutation({ mutationFn: freeSignup });
