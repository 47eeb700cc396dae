/**
 * Audio URLs that expire. Gated audio comes as a short-lived signed URL (an S3 presigned GET: `X-Amz-Date`
 * and `X-Amz-Expires` in its query); a free album's `/media/` URL never expires. A queue restored after a
 * reload, or a track resumed after a long pause, may hold a signed URL that no longer plays: the player
 * asks the server for a fresh one instead.
 */

/** Asked for a little before the end, so a URL does not die between the check and the first request. */
export const FRESH_URL_MARGIN_MS = 60_000;

/** `20260115T093000Z` → ms, or NaN. */
function amzDateMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : Number.NaN;
}

/** When a signed audio URL stops working (ms since the epoch), or null for a URL that does not expire. */
export function audioUrlExpiry(url: string): number | null {
  let query: URLSearchParams;
  try {
    query = new URL(url, 'http://app.invalid').searchParams;
  } catch {
    return null;
  }
  const signedAt = amzDateMs(query.get('X-Amz-Date') ?? '');
  const seconds = Number(query.get('X-Amz-Expires'));
  if (!query.has('X-Amz-Signature') || Number.isNaN(signedAt) || !Number.isFinite(seconds)) return null;
  return signedAt + seconds * 1000;
}

export const isSignedAudioUrl = (url: string): boolean => audioUrlExpiry(url) !== null;

/**
 * Whether a URL must be replaced before the player loads it: a signed URL that has expired, or that will
 * before a track of `durationSeconds` (when known) could have been fetched to its end.
 */
export function needsFreshAudioUrl(url: string, now: number, durationSeconds: number | null = null): boolean {
  const expiry = audioUrlExpiry(url);
  if (expiry === null) return false;
  return expiry - now < FRESH_URL_MARGIN_MS + Math.max(0, durationSeconds ?? 0) * 1000;
}
