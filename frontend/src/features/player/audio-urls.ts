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

/** An album's audio URLs are asked for again at most this often, whatever fails (a clock far off, a server that keeps refusing). */
export const URL_REFRESH_INTERVAL_MS = 30_000;

interface AudioUrlRefresher {
  /** Fresh URLs for an album's tracks (one request for all of them), at most once per interval; `{}` when the request fails. */
  refresh: (albumId: string) => Promise<Record<string, string>>;
  /** A fresh URL for this track, or null when there is none to be had (no access any more, offline, asked too recently). */
  freshUrlFor: (stale: { id: string; albumId: string; audioUrl: string }) => Promise<string | null>;
}

/** `received` gets every answer, to swap the fresh URLs into the queue. */
export function audioUrlRefresher(
  fetchAlbumUrls: (albumId: string) => Promise<Record<string, string>>,
  received: (audioUrls: Record<string, string>) => void,
  now: () => number = Date.now,
): AudioUrlRefresher {
  const asked = new Map<string, { at: number; urls: Promise<Record<string, string>> }>();
  const refresh = (albumId: string) => {
    const last = asked.get(albumId);
    if (last && now() - last.at < URL_REFRESH_INTERVAL_MS) return last.urls;
    const urls = fetchAlbumUrls(albumId).catch((): Record<string, string> => ({}));
    asked.set(albumId, { at: now(), urls });
    void urls.then(received);
    return urls;
  };
  return {
    refresh,
    async freshUrlFor(stale) {
      const audioUrls = await refresh(stale.albumId);
      // Also when the answer came from an earlier request: the queue may have been replaced since.
      received(audioUrls);
      const fresh = audioUrls[stale.id];
      return fresh && fresh !== stale.audioUrl ? fresh : null;
    },
  };
}
