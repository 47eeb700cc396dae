/**
 * Short-lived signed URLs for media the public `/media/` path does not serve (gated audio): an S3
 * presigned GET, made only after the access rules said yes. Locally the same SDK call signs for the
 * local cloud's S3, which checks the signature and the expiry as S3 does.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from './aws.js';
import { env } from './env.js';

/**
 * How long a signed audio URL works: a track and a pause comfortably, yet a copied link dies soon.
 * The player asks for a fresh URL when the one it holds has expired (a restored queue, a long pause).
 */
export const AUDIO_URL_SECONDS = 15 * 60;

interface SigningOptions {
  /** Seconds the URL stays valid (default AUDIO_URL_SECONDS). */
  expiresIn?: number;
  /** When it is signed (default now); tests sign in the past to get an expired URL. */
  signedAt?: Date;
}

/** A presigned GET of one object; a browser may cache the answer privately for as long as the URL lives. */
export function signedMediaUrl(key: string, { expiresIn = AUDIO_URL_SECONDS, signedAt }: SigningOptions = {}): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, ResponseCacheControl: `private, max-age=${expiresIn}` }),
    { expiresIn, ...(signedAt && { signingDate: signedAt }) },
  );
}
