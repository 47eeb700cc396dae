/** HTTP context `band`: the band pages' fan signup, recorded as `FanSignedUp` on the band's stream. */
import * as z from 'zod';
import { commandContext } from '../lib/command.js';
import { appendBlind } from '../lib/event-store.js';
import { contextHandler, defineRoute, reply } from '../lib/http.js';

/** The one band page the label runs (spec part 2, "Band fan pages"). */
const BAND = 'dirtytexans';

const fanSignupBody = z.object({
  email: z.string().trim().toLowerCase().max(254).email('Please enter a valid email address'),
});

export const handler = contextHandler('band', {
  'POST /api/band/fan-signup': defineRoute({ body: fanSignupBody }, async ({ body, session, request }) => {
    // No decision to take (a fan may sign up twice; the list is read by e-mail), so the event is appended blind.
    await appendBlind(`band#${BAND}`, [{ type: 'FanSignedUp', data: { band: BAND, email: body.email } }], commandContext(session, request));
    return reply({ status: 202, body: { signedUp: true } });
  }),
});
