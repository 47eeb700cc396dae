/**
 * HTTP context `band`: the band pages' fan signup, confirmed by a mailed link, recorded as `FanSignedUp` on the band's
 * stream; and the band page's unreleased tracks, which anyone on the page may play.
 */
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { confirmFanSignup, requestFanSignup } from '../fan-signups.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler, reply } from '../../platform/http.js';
import { bandRoutes } from '../../routes.js';
import { signedMediaUrl } from '../../platform/media-urls.js';
import { queryViews } from '../../platform/views.js';
import { BAND_PAGE_TRACKS } from '../../catalogue/projections/catalogue.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

interface BandPageTrackView {
  id: string;
  albumId: string;
  title: string;
  duration: number;
  audioKey: string;
  addedAt: string;
}

/** The one band page the label runs: its fan page, with its signup and its embedded player. */
const BAND = 'dirtytexans';

export const handler = contextHandler(bandRoutes, authorizer, {
  'POST /api/band/fan-signup': async ({ body, request }) => {
    await requestFanSignup(BAND, body.email, { at: request.receivedAt, sourceIp: request.sourceIp });
    return reply({ status: 202, body: { confirmationSent: true } });
  },

  // A draft's audio is gated (under a private prefix): the tracks the staff put on the band page are handed out by
  // short-lived signed URL, one answer at a time, and no other track of the draft is reachable through this route.
  'GET /api/band/tracks': async () => {
    const tracks = await queryViews<BandPageTrackView>({ pk: BAND_PAGE_TRACKS });
    tracks.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id));
    return {
      tracks: await Promise.all(
        tracks.map(async (t) => ({
          id: t.id,
          albumId: t.albumId,
          title: t.title,
          duration: t.duration,
          audioUrl: await signedMediaUrl(t.audioKey),
        })),
      ),
    };
  },

  'POST /api/band/fan-signup/confirm': async ({ body, session, request }) => {
    await confirmFanSignup(body.token, commandContext(session, request));
    return { signedUp: true };
  },
});
