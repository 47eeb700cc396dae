/**
 * Where media objects live in the bucket, and which of them the public `/media/<key>` path may serve.
 * Pure (no AWS SDK): the local gateway and the CDK's CloudFront function apply the same prefixes.
 */

/** Audio of albums that need a subscription or a purchase: reached only through a short-lived signed URL. */
export const GATED_AUDIO_PREFIX = 'audio/private/';

/** Where the label uploads a track's WAV master and its instrumental, which only the download ZIP reads. */
export const masterKey = (albumId: string, trackId: string) => `masters/${albumId}/${trackId}.wav`;
export const instrumentalKey = (albumId: string, trackId: string) => `masters/${albumId}/${trackId}.instrumental.wav`;

/** Bucket prefixes only a short-lived signed URL may reach: album downloads, label masters, gated audio. */
export const PRIVATE_MEDIA_PREFIXES = ['downloads/', 'masters/', GATED_AUDIO_PREFIX] as const;

/**
 * Whether a key (as it comes after `/media/`, possibly still percent-encoded) is under a private prefix.
 * A key that cannot be decoded counts as private: refusing it costs nothing, serving it might.
 */
export function isPrivateMediaKey(rawKey: string): boolean {
  let key: string;
  try {
    key = decodeURIComponent(rawKey);
  } catch {
    return true;
  }
  key = key.replace(/^\/+/, '');
  return PRIVATE_MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** The public, cacheable URL the app serves a media object at (never used for a private key). */
export const mediaUrl = (key: string) => `/media/${key}`;
