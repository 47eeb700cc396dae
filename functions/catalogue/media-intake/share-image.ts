/**
 * The share picture of a page (og:image, twitter:image): a 1200 × 630 JPEG of an artwork (or an avatar), the picture
 * centred at full height on a blurred, dimmed enlargement of itself, so the bands either side carry its own colours.
 * Made once per artwork and kept in the media bucket next to it: an artwork's key changes with its content, so the
 * share picture of a key never goes stale. The app serves its images as JPEGs (the media intake and the seed make
 * them so), so only jpeg-js is needed here (image-codecs.ts: loaded on first use, from a layer in AWS).
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../platform/aws.js';
import { env } from '../../platform/env.js';
import { isPrivateMediaKey, mediaUrl } from '../../platform/media-keys.js';
import { sniffImage } from '../../platform/image-type.js';
import { imageCodecs } from './image-codecs.js';
import { JPEG_QUALITY, resizeCover, type Rgba } from './resize.js';

const SHARE_IMAGE_WIDTH = 1200;
const SHARE_IMAGE_HEIGHT = 630;
/** The background's size before it is enlarged: the share picture's shape (40:21) in few pixels, so enlarging blurs it. */
const BACKGROUND_SAMPLE = { width: 40, height: 21 };
/** How much of its brightness the background keeps, so the picture stands out of it. */
const BACKGROUND_LIGHT = 0.55;

/** The served images are 600 × 600 at most; anything far larger is not one of them. */
const MAX_MEGAPIXELS = 40;

/** A JPEG of the share picture of a served image (a JPEG), or null for bytes that are not one. */
export async function makeShareImage(bytes: Uint8Array): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  const { jpeg } = await imageCodecs();
  const width = SHARE_IMAGE_WIDTH;
  const height = SHARE_IMAGE_HEIGHT;
  if (sniffImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))?.contentType !== 'image/jpeg') return null;
  let image: Rgba;
  try {
    image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 256 });
  } catch {
    return null;
  }
  const sample = resizeCover(image, BACKGROUND_SAMPLE.width, BACKGROUND_SAMPLE.height);
  const data = resizeCover({ ...BACKGROUND_SAMPLE, data: sample }, width, height);
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(data[i + c] * BACKGROUND_LIGHT);
  }
  // The picture's centred square at the full height, in the middle.
  const square = resizeCover(image, height, height);
  const left = Math.floor((width - height) / 2);
  for (let y = 0; y < height; y++) data.set(square.subarray(y * height * 4, (y + 1) * height * 4), (y * width + left) * 4);
  return { jpeg: jpeg.encode({ width, height, data }, JPEG_QUALITY).data, width, height };
}

/** Where the share picture of the media object `key` is kept: beside it, `<name>.share.jpg`. */
export const shareImageKey = (key: string) => `${key.replace(/\.[^./]*$/, '')}.share.jpg`;

/** The media bucket key a `/media/<key>` URL serves, or null for a URL that is not the app's public media. */
function publicMediaKey(url: string): string | null {
  const prefix = mediaUrl('');
  if (!url.startsWith(prefix)) return null;
  const raw = url.slice(prefix.length).split(/[?#]/)[0];
  if (!raw || isPrivateMediaKey(raw)) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Made (or found) in this process, by artwork key: one page after another shows the same artwork. */
const made = new Map<string, string>();

/**
 * The URL of the share picture of the artwork at `artworkUrl`, made and stored when it is missing; null when the
 * artwork is not in the media bucket or is not a JPEG (the page then shows the artwork itself).
 */
export async function shareImageOf(artworkUrl: string): Promise<string | null> {
  const key = publicMediaKey(artworkUrl);
  if (!key) return null;
  const known = made.get(key);
  if (known) return known;
  const Bucket = env().MEDIA_BUCKET;
  const s3 = s3Client();
  const shareKey = shareImageKey(key);
  const url = mediaUrl(shareKey);
  try {
    await s3.send(new HeadObjectCommand({ Bucket, Key: shareKey }));
    made.set(key, url);
    return url;
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
  let bytes: Uint8Array;
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
    bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  const share = await makeShareImage(bytes);
  if (!share) return null;
  await s3.send(
    new PutObjectCommand({
      Bucket,
      Key: shareKey,
      Body: share.jpeg,
      ContentType: 'image/jpeg',
      // Kept a day rather than for good: a seeded artwork keeps its key when the seed draws it again.
      CacheControl: 'public, max-age=86400',
    }),
  );
  made.set(key, url);
  return url;
}
