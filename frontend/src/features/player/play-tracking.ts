/**
 * When a listen counts as a play: 30 s listened, or half the track, whichever comes first, once per play.
 * Listened time is accumulated from the audio clock so seeking ahead does not count as listening.
 */

export const QUALIFYING_SECONDS = 30;
export const QUALIFYING_SHARE = 0.5;
/** A gap between two clock readings larger than this is a jump (seek, stall), not listening. */
export const MAX_LISTEN_STEP_SECONDS = 2;

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
  recorded: boolean;
}

export const startListen = (playId: number): Listen => ({ playId, listenedSeconds: 0, lastPosition: null, recorded: false });

/** Adds the time between two clock readings during playback; jumps and rewinds add nothing. */
export function listenedUntil(listen: Listen, position: number): Listen {
  if (!Number.isFinite(position)) return listen;
  const step = listen.lastPosition === null ? 0 : position - listen.lastPosition;
  const counted = step > 0 && step <= MAX_LISTEN_STEP_SECONDS ? step : 0;
  return { ...listen, listenedSeconds: listen.listenedSeconds + counted, lastPosition: position };
}

/** A pause or a seek breaks the chain of readings. */
export const interruptListen = (listen: Listen): Listen => ({ ...listen, lastPosition: null });

export const shouldRecordPlay = (listen: Listen, trackLengthSeconds: number | null): boolean =>
  !listen.recorded && qualifiesAsPlay(listen.listenedSeconds, trackLengthSeconds);

export const markRecorded = (listen: Listen): Listen => ({ ...listen, recorded: true });
