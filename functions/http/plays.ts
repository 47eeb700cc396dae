/** HTTP context `plays`: qualifying plays become `PlayRecorded` on the listener's daily plays stream. */
import { randomUUID } from 'node:crypto';
import { isQualifyingPlay } from '../domain/access.js';
import { commandContext } from '../lib/command.js';
import { appendBlind } from '../lib/event-store.js';
import { contextHandler, HttpError, reply } from '../lib/http.js';
import { readCookie } from '../lib/session.js';
import { playsStream } from '../lib/play-streams.js';
import { getView } from '../lib/views.js';
import { trackKey } from '../projections/catalogue.js';
import { albumStatsKey } from '../projections/stats.js';
import { metricNames, recordMetric } from '../lib/metrics.js';

const LISTENER_COOKIE = 'toko_listener';
const LISTENER_MAX_AGE = 400 * 24 * 3600;

/** Tracks never move between albums, so a found track is remembered for the life of the process. */
const trackAlbums = new Map<string, string>();
async function albumOfTrack(trackId: string): Promise<string | undefined> {
  const known = trackAlbums.get(trackId);
  if (known) return known;
  const track = await getView<{ albumId: string }>(trackKey(trackId));
  if (track) trackAlbums.set(trackId, track.albumId);
  return track?.albumId;
}

export const handler = contextHandler('plays', {
  'POST /api/track-play': async ({ body, session, request }) => {
    const albumId = await albumOfTrack(body.trackId);
    if (!albumId) throw new HttpError(404, 'not_found', 'Track not found');
    if (albumId !== body.albumId) throw new HttpError(404, 'not_found', 'Album not found for this track');
    const existingListener = readCookie(request.cookies, LISTENER_COOKIE);
    const listenerId =
      session?.userId ?? (existingListener && /^[\w-]{8,64}$/.test(existingListener) ? existingListener : `guest-${randomUUID()}`);
    const cookies =
      !session && listenerId !== existingListener
        ? [`${LISTENER_COOKIE}=${listenerId}; Path=/api; HttpOnly; Secure; SameSite=Lax; Max-Age=${LISTENER_MAX_AGE}`]
        : undefined;
    if (!isQualifyingPlay(body.playDuration, body.trackLength)) {
      return reply({ body: { recorded: false }, cookies });
    }
    await appendBlind(
      playsStream(listenerId, request.receivedAt, Boolean(session)),
      [
        {
          type: 'PlayRecorded',
          data: {
            trackId: body.trackId,
            albumId,
            listenerId,
            userId: session?.userId ?? null,
            playDuration: body.playDuration,
            trackLength: body.trackLength,
          },
        },
      ],
      commandContext(session?.userId ?? listenerId, request),
    );
    recordMetric(metricNames.playsRecorded);
    return reply({ status: 202, body: { recorded: true }, cookies });
  },

  'POST /api/albums/{id}/update-stats': async ({ params }) => {
    const [album, stats] = await Promise.all([
      getView({ pk: `album#${params.id}`, sk: 'album' }),
      getView<{ playCount?: number }>(albumStatsKey(params.id)),
    ]);
    if (!album) throw new HttpError(404, 'not_found', 'Album not found');
    return { albumId: params.id, playCount: stats?.playCount ?? 0 };
  },
});
