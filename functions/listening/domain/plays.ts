/**
 * Which play reports count: the server's own rule, from what it saw. A play counts when its report carries the token
 * the server issued at the play's start, for this listener and this track, and the time since that start covers the
 * qualifying threshold of the track's length in the catalogue (30 s, or half a shorter track). At most one play of a
 * track counts per listener and track length, and a listener's day has a ceiling no one reaches by listening: both
 * decided on the listener's plays stream of the day the play started (decidePlayCount). Pure: the clock comes in with the report.
 */
import type { PlayRefusalReason } from '../../../events/index.js';

/** Plays count once 30 s have elapsed or half the track, whichever comes first. */
const QUALIFYING_SECONDS = 30;
const QUALIFYING_SHARE = 0.5;
/** A play is completed when it went on to at least 95 % of its track: a fade-out skipped, a clock read a beat early. */
export const COMPLETED_SHARE = 0.95;
/** How long a play token is good for after its start: a track with long pauses, not a token kept for tomorrow. */
export const PLAY_TOKEN_LIFETIME_MS = 4 * 3_600_000;
/**
 * The most plays one listener's day counts: a day of listening is at most one counted play per 30 s (a play takes 30 s
 * of listening, or the whole half of a track shorter than a minute, of which the seeded catalogue has few).
 */
export const DAILY_PLAY_CEILING = (24 * 3600) / QUALIFYING_SECONDS;

/** Seconds of a track after which a play of it counts. */
export const qualifyingSeconds = (trackLength: number): number => Math.min(QUALIFYING_SECONDS, trackLength * QUALIFYING_SHARE);

/** What a play token says: who started which track, when (ms since the epoch). */
export interface PlayStart {
  listenerId: string;
  trackId: string;
  startedAt: number;
}

export interface PlayReport {
  /** The token's claims, or why it has none the server can trust. */
  start: PlayStart | 'no_token' | 'bad_token';
  /** Who reports, and which track they report (the body's). */
  listenerId: string;
  trackId: string;
  /** Seconds, from the catalogue. */
  trackLength: number;
  /** When the report arrived (ms since the epoch). */
  now: number;
}

type PlayVerdict = { counted: true; start: PlayStart; elapsedSeconds: number } | { counted: false; reason: PlayRefusalReason };

/** Whether the report's token and timing make it a play; the once-per-track-length and the day's ceiling are checked where the play is written. */
export function judgePlay(report: PlayReport): PlayVerdict {
  const { start } = report;
  if (start === 'no_token' || start === 'bad_token') return { counted: false, reason: start };
  if (start.listenerId !== report.listenerId) return { counted: false, reason: 'other_listener' };
  if (start.trackId !== report.trackId) return { counted: false, reason: 'other_track' };
  if (report.now > start.startedAt + PLAY_TOKEN_LIFETIME_MS) return { counted: false, reason: 'expired' };
  const elapsedSeconds = (report.now - start.startedAt) / 1000;
  if (elapsedSeconds < qualifyingSeconds(report.trackLength)) return { counted: false, reason: 'too_early' };
  return { counted: true, start, elapsedSeconds };
}

/** Whether a report of a play's end makes it a completed play: the same token checks, and 95 % of the track since its start. */
export function judgeCompletion(report: PlayReport): PlayVerdict {
  const verdict = judgePlay(report);
  if (!verdict.counted) return verdict;
  return verdict.elapsedSeconds >= report.trackLength * COMPLETED_SHARE ? verdict : { counted: false, reason: 'too_early' };
}

/**
 * The earliest start a new play of the same track may have after a counted one: one play per track length. The plays
 * context writes a play only where the last counted start of that listener and track is at or before this.
 */
export const latestRepeatableStart = (startedAt: number, trackLength: number): number => startedAt - trackLength * 1000;

/**
 * What a listener's plays stream of one day says about their next play: how many plays it holds (its version, which
 * the day's ceiling reads) and the latest counted start of each track (which the once-per-track-length rule reads).
 */
export interface CountedPlays {
  version: number;
  lastStart: ReadonlyMap<string, number>;
}
export const noCountedPlays: CountedPlays = { version: 0, lastStart: new Map() };

/** The state after one more counted play, of `trackId` started at `startedAt` (ms), at `version`. Pure. */
export function withCountedPlay(state: CountedPlays, version: number, trackId: string, startedAt: number): CountedPlays {
  const lastStart = new Map(state.lastStart);
  lastStart.set(trackId, Math.max(startedAt, lastStart.get(trackId) ?? -Infinity));
  return { version: Math.max(version, state.version), lastStart };
}

export type PlayCountDecision = 'count' | 'repeat' | 'daily_ceiling';

/**
 * Whether a play that qualified is counted in its day's stream: not once the day holds `ceiling` plays, nor where a
 * counted play of the track started less than a track length before it, in its day or (`dayBefore`) in the day before,
 * for a start just after midnight. A refusal holds on any earlier state of the stream, as a stream only grows; a count
 * holds where the write of the play is conditional on the stream's version still being `state.version`. Pure.
 */
export function decidePlayCount(
  state: CountedPlays,
  start: PlayStart,
  trackLength: number,
  ceiling: number,
  dayBefore: CountedPlays = noCountedPlays,
): PlayCountDecision {
  if (state.version >= ceiling) return 'daily_ceiling';
  const last = Math.max(state.lastStart.get(start.trackId) ?? -Infinity, dayBefore.lastStart.get(start.trackId) ?? -Infinity);
  return last > latestRepeatableStart(start.startedAt, trackLength) ? 'repeat' : 'count';
}
