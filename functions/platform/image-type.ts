/** What kind of image some bytes are, read from their magic numbers rather than from what the sender claims. */

export interface ImageType {
  contentType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  /** The file name extension the image is stored under. */
  extension: 'jpg' | 'png' | 'gif' | 'webp';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type of `bytes`, or undefined when they are not a JPEG, PNG, GIF or WebP image. */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return { contentType: 'image/png', extension: 'png' };
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(0, 6))) return { contentType: 'image/gif', extension: 'gif' };
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { contentType: 'image/webp', extension: 'webp' };
  return undefined;
}
