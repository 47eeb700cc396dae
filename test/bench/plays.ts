/**
 * Plays for the benches, made as a player makes them: a guest starts each one (POST /api/track-play/start, with its
 * listener cookie), and its report carries the token once the track's qualifying time has passed.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { qualifyingSeconds } from '../../functions/listening/domain/plays.js';

export interface StartedPlay {
  cookie: string;
  /** The report's JSON body, token included. */
  body: string;
}

export interface BenchTrack {
  trackId: string;
  albumId: string;
  duration: number;
}

const json = { 'content-type': 'application/json' };

async function start(baseUrl: string, cookie: string, track: BenchTrack): Promise<StartedPlay> {
  const play = { trackId: track.trackId, albumId: track.albumId };
  const r = await fetch(`${baseUrl}/api/track-play/start`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(play) });
  if (r.status !== 200) throw new Error(`track-play/start answered ${r.status}: ${await r.text()}`);
  const { playToken } = (await r.json()) as { playToken: string };
  return { cookie, body: JSON.stringify({ ...play, playToken }) };
}

const untilQualified = (tracks: BenchTrack[]) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(...tracks.map((t) => qualifyingSeconds(t.duration))) * 1000 + 200));

/** `count` plays of one track started by as many guests (32 at once), each old enough to count when this answers. */
export async function startedPlays(baseUrl: string, track: BenchTrack, count: number): Promise<StartedPlay[]> {
  const plays: StartedPlay[] = [];
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (plays.length < count) plays.push(await start(baseUrl, `toko_listener=guest-${randomUUID()}`, track));
    }),
  );
  await untilQualified([track]);
  return plays;
}

/**
 * At least `count` plays of new guests who each play many tracks, as a listener does: guest after guest, each plays
 * every track of `tracks` once (a listener's daily plays stream grows with each, the once-per-track-length guard never
 * refuses one), started 32 at once and old enough to count when this answers. Each guest's plays in the order played.
 */
export async function listenersPlays(baseUrl: string, tracks: BenchTrack[], count: number): Promise<StartedPlay[][]> {
  const listeners = Array.from({ length: Math.max(32, Math.ceil(count / tracks.length)) }, () => `toko_listener=guest-${randomUUID()}`);
  const plays = listeners.map(() => [] as StartedPlay[]);
  const todo = listeners.flatMap((cookie, l) => tracks.map((track, t) => ({ cookie, l, t, track })));
  // Round-robin over the guests, so each has its share of the count however far the starts get.
  todo.sort((a, b) => a.t - b.t || a.l - b.l);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < Math.max(count, listeners.length) && next < todo.length) {
        const { cookie, l, t, track } = todo[next++];
        plays[l][t] = await start(baseUrl, cookie, track);
      }
    }),
  );
  await untilQualified(tracks);
  return plays.map((started) => started.filter(Boolean));
}

/**
 * The reports' connections, kept open as a player's are. node:http rather than fetch: fetch's streams cost the process
 * that also runs the cloud about a fifth of its main thread per report, which the raw turns' SDK client (node:http too)
 * does not pay, so the ratio measured the bench's client as much as the app.
 */
const reports = new Agent({ keepAlive: true, maxSockets: 64 });

/** Reports a started play; anything but 202 (counted) is an error. */
export function reportStartedPlay(baseUrl: string, play: StartedPlay): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}/api/track-play`,
      {
        method: 'POST',
        agent: reports,
        headers: { ...json, cookie: play.cookie, 'content-length': Buffer.byteLength(play.body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 202
            ? resolve()
            : reject(new Error(`track-play answered ${res.statusCode}: ${Buffer.concat(chunks).toString('utf8')}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(play.body);
  });
}
