/**
 * Plays over HTTP as a player makes them: the start (the label's token), the time the play needs, then its report.
 * The wait is real, as the server measures it: tests that count plays use short tracks (`readyDraft`'s `playable`) or
 * the seed's shortest ones, so a play takes seconds, never the 30 s of a long track.
 */
import { expect } from 'vitest';
import { qualifyingSeconds } from '../../functions/listening/domain/plays.js';
import { api } from './cloud.js';

/** `api`, or a listener's `call`: the caller whose plays these are (its session, or a guest's cookie). */
export type Caller = (path: string, init?: Parameters<typeof api>[1]) => ReturnType<typeof api>;

export interface PlayedTrack {
  trackId: string;
  albumId: string;
  /** Seconds, as the catalogue says. */
  duration: number;
}

/** A guest with a cookie jar of one, as a browser is: the listener cookie an answer sets goes with every later call. */
export function guest(): Caller {
  let cookie: string | undefined;
  return async (path, init = {}) => {
    const res = await api(path, { ...init, headers: { ...(cookie ? { cookie } : {}), ...init.headers } });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return res;
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for a play's token, as the player does when a track starts playing. */
export async function startPlay(call: Caller, { trackId, albumId }: Omit<PlayedTrack, 'duration'>): Promise<string> {
  const started = await call('/api/track-play/start', { method: 'POST', json: { trackId, albumId } });
  expect(started.status).toBe(200);
  return started.body.playToken as string;
}

/** Reports a play (or with `ended`, its end) with the token of its start. */
export const reportPlay = (call: Caller, { trackId, albumId }: Omit<PlayedTrack, 'duration'>, playToken?: string, extra: object = {}) =>
  call('/api/track-play', { method: 'POST', json: { trackId, albumId, ...(playToken ? { playToken } : {}), ...extra } });

/** A little more than the server's threshold: the report leaves after it. */
export const qualifyingMs = (duration: number) => qualifyingSeconds(duration) * 1000 + 150;

/** A whole play as the player makes it: start, listen until it qualifies, report. Answers the report. */
export async function listenTo(call: Caller, track: PlayedTrack) {
  const token = await startPlay(call, track);
  await sleep(qualifyingMs(track.duration));
  return reportPlay(call, track, token);
}
