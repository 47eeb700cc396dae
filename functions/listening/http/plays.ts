/**
 * HTTP context `plays`: a play starts with a token the server signs (listener, track, moment), and its report counts
 * only as the server judges it (functions/listening/domain/plays.ts): a counted play becomes `PlayRecorded` on the listener's
 * plays stream of the day it started, one conditional write decided on that stream (one counted play per track length,
 * within the day's ceiling: functions/listening/counted-plays.ts); the report of its end becomes `PlayCompleted`, once. A refused report answers as a
 * too-short play did (200, `recorded: false`) and is kept as `PlayRefused`, the label's suspicious plays.
 */
import { randomUUID } from 'node:crypto';
import type { PlayRefusalReason } from '../../../events/index.js';
import { DAILY_PLAY_CEILING, judgeCompletion, judgePlay, PLAY_TOKEN_LIFETIME_MS, type PlayStart } from '../domain/plays.js';
import { commandContexts, type CommandContext } from '../../platform/command.js';
import { env } from '../../platform/env.js';
import { countPlay, wasCounted } from '../counted-plays.js';
import { GuardRefusedError, type AppendGuard, dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler, HttpError, reply, type RequestInfo } from '../../platform/http.js';
import { playsRoutes } from '../../routes.js';
import { createLogger } from '../../platform/log.js';
import { metricNames, recordMetric } from '../../platform/metrics.js';
import { issuePlayToken, readPlayToken } from '../play-tokens.js';
import { playReportsStream } from '../play-streams.js';
import { readCookie, type Session } from '../../platform/session.js';
import { getView } from '../../platform/views.js';
import { trackKey } from '../../catalogue/projections/catalogue.js';
import { albumStatsKey } from '../projections/stats.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

const logger = createLogger('plays');
const LISTENER_COOKIE = 'toko_listener';
const LISTENER_MAX_AGE = 400 * 24 * 3600;

interface TrackFacts {
  albumId: string;
  /** Seconds, from the catalogue. */
  duration: number;
}
/** Tracks never move between albums; their length changes only with a new master, so a found track is kept a few minutes. */
const TRACK_FACTS_MS = 5 * 60_000;
const trackFacts = new Map<string, { facts: TrackFacts; until: number }>();
async function factsOfTrack(trackId: string, now: number): Promise<TrackFacts | undefined> {
  const known = trackFacts.get(trackId);
  if (known && known.until > now) return known.facts;
  const track = await getView<{ albumId: string; duration?: number }>(trackKey(trackId));
  if (!track) return undefined;
  const facts = { albumId: track.albumId, duration: track.duration ?? 0 };
  trackFacts.set(trackId, { facts, until: now + TRACK_FACTS_MS });
  if (trackFacts.size > 10_000) trackFacts.delete(trackFacts.keys().next().value!);
  return facts;
}

async function playedTrack(body: { trackId: string; albumId: string }, now: number): Promise<TrackFacts> {
  const facts = await factsOfTrack(body.trackId, now);
  if (!facts) throw new HttpError(404, 'not_found', 'Track not found');
  if (facts.albumId !== body.albumId) throw new HttpError(404, 'not_found', 'Album not found for this track');
  return facts;
}

/** Who listens: the signed-in user, else the guest of the listener cookie, which a guest without one is given. */
function listenerOf(session: Session | null, request: RequestInfo) {
  const existing = readCookie(request.cookies, LISTENER_COOKIE);
  const listenerId = session?.userId ?? (existing && /^[\w-]{8,64}$/.test(existing) ? existing : `guest-${randomUUID()}`);
  const cookies =
    !session && listenerId !== existing
      ? [`${LISTENER_COOKIE}=${listenerId}; Path=/api; HttpOnly; Secure; SameSite=Lax; Max-Age=${LISTENER_MAX_AGE}`]
      : undefined;
  return { listenerId, userId: session?.userId ?? null, cookies };
}

const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

/** Completes a counted play only once: a mark of its start, kept while its token could be replayed. */
function completionGuard(start: PlayStart, now: number, trackLength: number): AppendGuard {
  return {
    TableName: env().TABLE_EPHEMERAL,
    Key: { pk: `play-completed#${start.listenerId}#${start.trackId}#${start.startedAt}`, sk: 'completed' },
    UpdateExpression: 'SET completedAt = :now, expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(completedAt)',
    ExpressionAttributeValues: { ':now': now, ':expiresAt': epochSeconds(start.startedAt + PLAY_TOKEN_LIFETIME_MS + trackLength * 1000) },
  };
}

/** Keeps a refused report for the label; a report is never failed by its own bookkeeping. */
async function refuse(
  reason: PlayRefusalReason,
  play: { trackId: string; albumId: string; listenerId: string; userId: string | null },
  at: Date,
  context: CommandContext,
) {
  recordMetric(metricNames.playsRefused, 1, { reason });
  try {
    await context.eventStore.appendBlind(
      playReportsStream(play.listenerId, at),
      [{ type: 'PlayRefused', data: { ...play, reason } }],
      context,
    );
  } catch (error) {
    logger.warn('a refused play report was not kept', {
      correlationId: context.correlationId,
      reason,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export const handler = contextHandler(playsRoutes, authorizer, {
  'POST /api/track-play/start': async ({ body, session, request }) => {
    const startedAt = request.receivedAt.getTime();
    await playedTrack(body, startedAt);
    const { listenerId, cookies } = listenerOf(session, request);
    return reply({ body: { playToken: issuePlayToken({ listenerId, trackId: body.trackId, startedAt }) }, cookies });
  },

  'POST /api/track-play': async ({ body, session, request }) => {
    const now = request.receivedAt.getTime();
    const track = await playedTrack(body, now);
    const { listenerId, userId, cookies } = listenerOf(session, request);
    const play = { trackId: body.trackId, albumId: track.albumId, listenerId, userId };
    const context = commandContext(userId ?? listenerId, request);
    const report = {
      start: body.playToken ? readPlayToken(body.playToken) : ('no_token' as const),
      listenerId,
      trackId: body.trackId,
      trackLength: track.duration,
      now,
    };
    const notRecorded = reply({ body: { recorded: false }, cookies });

    if (body.ended) {
      // The end of a play that did not count, or of one played with skips, is simply not a completed play.
      const verdict = judgeCompletion(report);
      if (!verdict.counted || !(await wasCounted(verdict.start, Boolean(session), context.eventStore))) return notRecorded;
      const { start, elapsedSeconds } = verdict;
      const completed = {
        ...play,
        startedAt: new Date(start.startedAt).toISOString(),
        playDuration: elapsedSeconds,
        trackLength: track.duration,
      };
      try {
        await context.eventStore.appendBlind(
          playReportsStream(listenerId, request.receivedAt),
          [{ type: 'PlayCompleted', data: completed }],
          context,
          {
            guard: completionGuard(start, now, track.duration),
          },
        );
      } catch (error) {
        if (error instanceof GuardRefusedError) return notRecorded;
        throw error;
      }
      return reply({ status: 202, body: { recorded: true }, cookies });
    }

    const verdict = judgePlay(report);
    if (!verdict.counted) {
      await refuse(verdict.reason, play, request.receivedAt, context);
      return notRecorded;
    }
    const decision = await countPlay(
      {
        start: verdict.start,
        trackLength: track.duration,
        signedIn: Boolean(session),
        ceiling: env().PLAYS_PER_LISTENER_DAY ?? DAILY_PLAY_CEILING,
        data: { ...play, playDuration: verdict.elapsedSeconds, trackLength: track.duration },
      },
      context,
    );
    if (decision !== 'count') {
      await refuse(decision, play, request.receivedAt, context);
      return notRecorded;
    }
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
