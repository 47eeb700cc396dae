/** The band pages' events: a fan who left an e-mail on a band's signup page. */
import * as z from 'zod/mini';
import { DELETED, defineEvent } from './envelope.js';
import { nonEmpty } from './fields.js';

export const FanSignedUp = defineEvent(
  'FanSignedUp',
  z.object({
    /** The band's page, e.g. "dirtytexans". */
    band: nonEmpty,
    /** Trimmed and lower-cased, as the fan list is read by e-mail. */
    email: z.email(),
  }),
  [],
  // A fan here may have no account: their address is keyed by itself (the key's id is an HMAC of it, never the address).
  { owner: (data) => `email:${data.email}`, fields: { email: DELETED.email } },
);
