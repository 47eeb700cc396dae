/**
 * Album artwork as the app serves it: an uploaded JPEG or PNG, cropped to a centred square and resized to
 * 600 × 600 (the size the seed makes, infra/seed/media/image-sizes.ts), stored as a JPEG under a key that
 * names its content, so an album's new cover never meets a cached old one. Pure JS (jpeg-js, pngjs: image-codecs.ts).
 * The same resizing makes the label's other images (artist avatars and headers) at their own sizes.
 */
import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../platform/aws.js';
import { env } from '../../platform/env.js';
import { sniffImage } from '../../platform/image-type.js';
import { mediaUrl } from '../../platform/media-keys.js';
import { imageCodecs, type ImageCodecs } from './image-codecs.js';
import { JPEG_QUALITY, orient, resizeCover, type Rgba } from './resize.js';
import { objectSource } from './source.js';

/** The served artwork's edge in pixels. */
const ARTWORK_SIZE = 600;
/** Below this edge an upscaled cover looks blurred. */
const MIN_ARTWORK_EDGE = 300;
/** Decoding holds 4 bytes a pixel: 40 megapixels (6324 × 6324) is 160 MB. */
const MAX_PIXELS = 40_000_000;

export type ResizedImage = { ok: true; jpeg: Buffer; width: number; height: number } | { ok: false; reason: string };

type ArtworkResult = { ok: true; key: string; url: string } | { ok: false; reason: string };

interface ResizeArtworkInput {
  /** The uploaded image in the media bucket (JPEG or PNG, whatever its name says). */
  sourceKey: string;
  albumId: string;
}

/** Writes the album's served artwork and answers its key and public URL, or why the upload cannot be a cover. */
export async function resizeArtwork({ sourceKey, albumId }: ResizeArtworkInput): Promise<ArtworkResult> {
  const source = await objectSource(sourceKey);
  if (!source) return { ok: false, reason: 'The upload did not arrive. Try uploading the image again.' };
  const resized = await resizeToArtwork(await source.read(0, source.size));
  if (!resized.ok) return resized;
  const key = `images/artwork/${albumId}-${createHash('sha256').update(resized.jpeg).digest('hex').slice(0, 12)}.jpg`;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: key,
      Body: resized.jpeg,
      ContentType: 'image/jpeg',
      // The key changes with the content, so it may be cached for good, as the seed's images are.
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
  return { ok: true, key, url: mediaUrl(key) };
}

/** The served artwork made from an uploaded image's bytes. */
export function resizeToArtwork(bytes: Uint8Array, size = ARTWORK_SIZE): Promise<ResizedImage> {
  return resizeImage(bytes, {
    width: size,
    height: size,
    minWidth: MIN_ARTWORK_EDGE,
    minHeight: MIN_ARTWORK_EDGE,
    label: 'artwork',
    upload: 'the artwork',
  });
}

/** The size an uploaded image is served at, the least it may be, and what a refusal calls it. */
export interface ImageTarget {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  /** As the subject of a sentence: "artwork", "an avatar". */
  label: string;
  /** As what to upload: "the artwork", "the avatar". */
  upload: string;
}

/** A JPEG of `target`'s size made from an uploaded JPEG or PNG: its centred crop of that shape, resized; or why not. */
export async function resizeImage(bytes: Uint8Array, target: ImageTarget): Promise<ResizedImage> {
  const { width, height, minWidth, minHeight, label, upload } = target;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length === 0) return { ok: false, reason: 'The image is empty.' };
  const type = sniffImage(buffer)?.contentType;
  if (type !== 'image/jpeg' && type !== 'image/png') {
    return {
      ok: false,
      reason: type ? `Upload ${upload} as a JPEG or PNG image.` : `This file is not an image. Upload ${upload} as a JPEG or PNG image.`,
    };
  }
  const codecs = await imageCodecs();
  let image: Rgba;
  try {
    // An export five times the served size is plenty, and what a refusal of a huge image suggests.
    const plenty = `${width * 5} × ${height * 5}`;
    image = type === 'image/jpeg' ? await decodeJpeg(codecs, buffer, label, plenty) : decodePng(codecs, buffer, label, plenty);
  } catch (error) {
    if (error instanceof TooManyPixels) return { ok: false, reason: error.message };
    return {
      ok: false,
      reason: `The image could not be read; it may be damaged or cut short. Export it again as ${type === 'image/jpeg' ? 'JPEG' : 'PNG'}.`,
    };
  }
  if (image.width < minWidth || image.height < minHeight) {
    return {
      ok: false,
      reason: `The image is ${image.width} × ${image.height} pixels; ${label} needs at least ${minWidth} × ${minHeight}.`,
    };
  }
  const data = resizeCover(image, width, height);
  return { ok: true, jpeg: codecs.jpeg.encode({ width, height, data }, JPEG_QUALITY).data, width, height };
}

class TooManyPixels extends Error {}

const tooManyPixels = (width: number, height: number, label: string, plenty: string) =>
  new TooManyPixels(
    `The image is ${width} × ${height} pixels, more than the ${MAX_PIXELS / 1_000_000} megapixels ${label} may have. Export it smaller (${plenty} is plenty).`,
  );

/** A JPEG's pixels, turned as its EXIF orientation says (a phone photo is stored sideways); its EXIF itself is dropped. */
async function decodeJpeg({ jpeg, exif }: ImageCodecs, bytes: Buffer, label: string, plenty: string): Promise<Rgba> {
  const size = jpegSize(bytes);
  if (size && size.width * size.height > MAX_PIXELS) throw tooManyPixels(size.width, size.height, label, plenty);
  const pixels = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 512,
  });
  // Unreadable EXIF is no reason to refuse a picture that decodes: it is shown as stored.
  const orientation = await exif.orientation(bytes).catch(() => undefined);
  return orient(pixels, orientation);
}

/** A JPEG's dimensions from its start-of-frame marker, read before decoding. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function decodePng({ PNG }: ImageCodecs, bytes: Buffer, label: string, plenty: string): Rgba {
  // IHDR is the first chunk: width and height at bytes 16 and 20.
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width * height > MAX_PIXELS) throw tooManyPixels(width, height, label, plenty);
  const png = PNG.sync.read(bytes);
  // Transparent pixels are laid on black, the colour of the app around the artwork.
  const data = png.data;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3];
    if (alpha === 255) continue;
    data[i] = (data[i] * alpha) / 255;
    data[i + 1] = (data[i + 1] * alpha) / 255;
    data[i + 2] = (data[i + 2] * alpha) / 255;
    data[i + 3] = 255;
  }
  return { width: png.width, height: png.height, data };
}

/** The centred square of the image, resized to `size` × `size` RGBA. */
export const resizeSquare = (image: Rgba, size: number): Uint8Array => resizeCover(image, size, size);
