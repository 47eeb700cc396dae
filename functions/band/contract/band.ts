/** Contract of the `band` context: the band pages' fan signup, confirmed by a link mailed to the fan (double opt-in). */
import * as z from 'zod/mini';
import { endpoint, nullableText } from '../../platform/contract/endpoint.js';

/** The same answer whether or not the address is on the list already: the list is not for a caller to read. */
export const fanSignupAnswer = z.object({ confirmationSent: z.literal(true) });
export const fanSignup = endpoint({
  body: z.object({
    email: z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email('Please enter a valid email address')),
  }),
  answer: fanSignupAnswer,
});
export const bandTrack = z.object({
  id: z.string(),
  albumId: z.string(),
  title: z.string(),
  /** Seconds. */
  duration: z.number().check(z.nonnegative()),
  /** A short-lived signed URL of the track's audio: the only way to it while it is unreleased. */
  audioUrl: nullableText,
});
export type BandTrack = z.infer<typeof bandTrack>;
/** The band page's unreleased tracks, in the order the staff added them; an empty list when there are none. */
export const bandTracksAnswer = z.object({ tracks: z.array(bandTrack) });
export type BandTracks = z.infer<typeof bandTracksAnswer>;
export const listBandTracks = endpoint({ answer: bandTracksAnswer });
export const confirmFanSignupAnswer = z.object({ signedUp: z.literal(true) });
/** The token of the confirmation link: the fan joins the list (FanSignedUp) only now. */
export const confirmFanSignup = endpoint({
  body: z.object({
    token: z.string({ error: 'Invalid confirmation link' }).check(z.minLength(16, 'Invalid confirmation link'), z.maxLength(200)),
  }),
  answer: confirmFanSignupAnswer,
});
