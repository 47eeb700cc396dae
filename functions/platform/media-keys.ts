/**
 * Where media objects live in the bucket, and which of them the public `/media/<key>` path may serve.
 * Pure (no AWS SDK): the local gateway and the CDK's CloudFront function apply the same prefixes.
 */

/** Audio of albums that need a subscription or a purchase: reached only through a short-lived signed URL. */
export const GATED_AUDIO_PREFIX = 'audio/private/';

/** Where a track's lossless master lies (WAV, or FLAC as uploaded), which only the download ZIP reads. */
export const losslessMasterKey = (albumId: string, trackId: string, format: 'wav' | 'flac') => `masters/${albumId}/${trackId}.${format}`;
/** Where the label uploads a track's WAV master and its instrumental. */
export const masterKey = (albumId: string, trackId: string) => losslessMasterKey(albumId, trackId, 'wav');
export const instrumentalKey = (albumId: string, trackId: string) => `masters/${albumId}/${trackId}.instrumental.wav`;

/** Where an admin's image upload waits, unserved, until the media intake has made what the app serves of it. */
export const INCOMING_PREFIX = 'incoming/';

/** Bucket prefixes only a short-lived signed URL may reach: album downloads, label masters, gated audio, incoming uploads. */
export const PRIVATE_MEDIA_PREFIXES = ['downloads/', 'masters/', GATED_AUDIO_PREFIX, INCOMING_PREFIX] as const;

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
