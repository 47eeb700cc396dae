/** HTTP context `band`: the band pages' fan signup, recorded as `FanSignedUp` on the band's stream. */
import { commandContext } from '../lib/command.js';
import { appendBlind } from '../lib/event-store.js';
import { contextHandler, reply } from '../lib/http.js';

/** The one band page the label runs (spec part 2, "Band fan pages"). */
const BAND = 'dirtytexans';

export const handler = contextHandler('band', {
  'POST /api/band/fan-signup': async ({ body, session, request }) => {
    // No decision to take (a fan may sign up twice; the list is read by e-mail), so the event is appended blind.
    await appendBlind(`band#${BAND}`, [{ type: 'FanSignedUp', data: { band: BAND, email: body.email } }], commandContext(session, request));
    return reply({ status: 202, body: { signedUp: true } });
  },
});
