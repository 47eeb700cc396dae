/** Contract of the `band` context: the band pages' fan signup, confirmed by a link mailed to the fan (double opt-in). */
import * as z from 'zod/mini';
import { endpoint } from './endpoint.js';

/** The same answer whether or not the address is on the list already: the list is not for a caller to read. */
export const fanSignupAnswer = z.object({ confirmationSent: z.literal(true) });
export const fanSignup = endpoint({
  body: z.object({
    email: z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email('Please enter a valid email address')),
  }),
  answer: fanSignupAnswer,
});
export const confirmFanSignupAnswer = z.object({ signedUp: z.literal(true) });
/** The token of the confirmation link: the fan joins the list (FanSignedUp) only now. */
export const confirmFanSignup = endpoint({
  body: z.object({
    token: z.string({ error: 'Invalid confirmation link' }).check(z.minLength(16, 'Invalid confirmation link'), z.maxLength(200)),
  }),
  answer: confirmFanSignupAnswer,
});
