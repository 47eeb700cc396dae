/**
 * When a listen counts as a play: 30 s listened, or half the track, whichever comes first, once per play; and when its
 * end is reported. Listened time is accumulated from the audio clock so seeking ahead does not count as listening.
 * The label counts a play only once as much time has passed since the start it signed (its token) as the play needs,
 * so a report also waits for that time since the token came: the server's clock then reads at least as much.
 */

export const QUALIFYING_SECONDS = 30;
export const QUALIFYING_SHARE = 0.5;
/** A gap between two clock readings larger than this is a jump (seek, stall), not listening. */
export const MAX_LISTEN_STEP_SECONDS = 2;

const qualifyingSeconds = (trackLengthSeconds: number): number => Math.min(QUALIFYING_SECONDS, trackLengthSeconds * QUALIFYING_SHARE);

export function qualifiesAsPlay(listenedSeconds: number, trackLengthSeconds: number | null): boolean {
  if (listenedSeconds >= QUALIFYING_SECONDS) return true;
  return trackLengthSeconds !== null && trackLengthSeconds > 0 && listenedSeconds >= trackLengthSeconds * QUALIFYING_SHARE;
}

export interface Listen {
  /** The play this listen belongs to (the player's playId). */
  playId: number;
  listenedSeconds: number;
  /** The last audio position seen while playing; null after a pause or a seek. */
  lastPosition: number | null;
  /** Whether the play's token was asked for. */
  started: boolean;
  /** The label's token of the play's start, and when it came (ms of the page's clock); null until then. */
  token: string | null;
  tokenAt: number | null;
  recorded: boolean;
  endReported: boolean;
}

export const startListen = (playId: number): Listen => ({
  playId,
  listenedSeconds: 0,
  lastPosition: null,
  started: false,
  token: null,
  tokenAt: null,
  recorded: false,
  endReported: false,
});

export const markStarted = (listen: Listen): Listen => ({ ...listen, started: true });
export const withToken = (listen: Listen, token: string, at: number): Listen => ({ ...listen, token, tokenAt: at });

/** Adds the time between two clock readings during playback; jumps and rewinds add nothing. */
export function listenedUntil(listen: Listen, position: number): Listen {
  if (!Number.isFinite(position)) return listen;
  const step = listen.lastPosition === null ? 0 : position - listen.lastPosition;
  const counted = step > 0 && step <= MAX_LISTEN_STEP_SECONDS ? step : 0;
  return { ...listen, listenedSeconds: listen.listenedSeconds + counted, lastPosition: position };
}

/** A pause or a seek breaks the chain of readings. */
export const interruptListen = (listen: Listen): Listen => ({ ...listen, lastPosition: null });

/**
 * Whether to report the play now (`now` on the page's clock, ms): it qualifies by what was listened, its token came,
 * and the token is old enough for the longest the track may be (the player's reading or the catalogue's).
 */
export function shouldRecordPlay(
  listen: Listen,
  trackLengthSeconds: number | null,
  now: number,
  catalogueLengthSeconds: number | null = null,
): boolean {
  if (listen.recorded || listen.token === null || listen.tokenAt === null) return false;
  if (!qualifiesAsPlay(listen.listenedSeconds, trackLengthSeconds)) return false;
  const longest = Math.max(trackLengthSeconds ?? 0, catalogueLengthSeconds ?? 0);
  return now - listen.tokenAt >= qualifyingSeconds(longest > 0 ? longest : Infinity) * 1000;
}

export const markRecorded = (listen: Listen): Listen => ({ ...listen, recorded: true });

/** The end of a play is reported once, for a play that was reported. */
export const shouldReportEnd = (listen: Listen): boolean => listen.recorded && listen.token !== null && !listen.endReported;
export const markEndReported = (listen: Listen): Listen => ({ ...listen, endReported: true });
