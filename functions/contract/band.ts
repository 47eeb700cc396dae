/** Contract of the `band` context: the band pages' fan signup. */
import * as z from 'zod/mini';
import { endpoint } from './endpoint.js';

export const fanSignupAnswer = z.object({ signedUp: z.literal(true) });
export const fanSignup = endpoint({
  body: z.object({
    email: z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email('Please enter a valid email address')),
  }),
  answer: fanSignupAnswer,
});
