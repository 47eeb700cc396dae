/** The band pages' events: a fan who left an e-mail on a band's signup page. */
import * as z from 'zod';
import { defineEvent } from './envelope.js';

export const FanSignedUp = defineEvent(
  'FanSignedUp',
  z.object({
    /** The band's page, e.g. "dirtytexans". */
    band: z.string().min(1),
    /** Trimmed and lower-cased, as the fan list is read by e-mail. */
    email: z.string().email(),
  }),
);
