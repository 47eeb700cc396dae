/** HTTP context `band`: the band pages' fan signup, confirmed by a mailed link, recorded as `FanSignedUp` on the band's stream. */
import { commandContext } from '../lib/command.js';
import { confirmFanSignup, requestFanSignup } from '../lib/fan-signups.js';
import { contextHandler, reply } from '../lib/http.js';

/** The one band page the label runs (spec part 2, "Band fan pages"). */
const BAND = 'dirtytexans';

export const handler = contextHandler('band', {
  'POST /api/band/fan-signup': async ({ body, request }) => {
    await requestFanSignup(BAND, body.email, { at: request.receivedAt, sourceIp: request.sourceIp });
    return reply({ status: 202, body: { confirmationSent: true } });
  },

  'POST /api/band/fan-signup/confirm': async ({ body, session, request }) => {
    await confirmFanSignup(body.token, commandContext(session, request));
    return { signedUp: true };
  },
});
