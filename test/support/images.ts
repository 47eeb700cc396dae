/** Images for tests of uploads, made with the app's own codecs (jpeg-js, pngjs). */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** A gradient, so a re-encoded image is not a flat colour. */
function pixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([(x * 255) / width, (y * 255) / height, 128, 255], (y * width + x) * 4);
  }
  return data;
}

export const jpegOf = (width: number, height: number): Buffer => jpeg.encode({ width, height, data: pixels(width, height) }, 90).data;

export function pngOf(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data = pixels(width, height);
  return PNG.sync.write(png);
}

/** The GPS latitude a phone wrote into `jpegWithGps`: 48° 51' 24" N, as the EXIF rationals' bytes. */
export const GPS_LATITUDE = Buffer.from([0, 0, 0, 48, 0, 0, 0, 1, 0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0, 24, 0, 0, 0, 1]);

/**
 * A JPEG as a phone's camera writes it: an APP1 Exif segment right after the start of the image, with IFD0 pointing
 * to a GPS IFD that holds GPSLatitudeRef "N" and GPSLatitude 48/1, 51/1, 24/1 (big-endian TIFF).
 */
export function jpegWithGps(width: number, height: number): Buffer {
  const image = jpegOf(width, height);
  const entry = (tag: number, type: number, count: number, value: Buffer) => {
    const bytes = Buffer.alloc(12);
    bytes.writeUInt16BE(tag, 0);
    bytes.writeUInt16BE(type, 2);
    bytes.writeUInt32BE(count, 4);
    value.copy(bytes, 8);
    return bytes;
  };
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  // TIFF header (8) + IFD0 with one entry (2 + 12 + 4 = 18) → the GPS IFD at 26; its two entries (2 + 24 + 4 = 30) → data at 56.
  const ifd0 = Buffer.concat([Buffer.from([0, 1]), entry(0x8825, 4, 1, u32(26)), u32(0)]);
  const gps = Buffer.concat([Buffer.from([0, 2]), entry(0x0001, 2, 2, Buffer.from('N\0')), entry(0x0002, 5, 3, u32(56)), u32(0)]);
  const tiff = Buffer.concat([Buffer.from('MM\0*', 'latin1'), u32(8), ifd0, gps, GPS_LATITUDE]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255]), payload]);
  return Buffer.concat([image.subarray(0, 2), app1, image.subarray(2)]);
}

/** Whether `bytes` hold an EXIF segment or the GPS latitude of `jpegWithGps`. */
export const carriesExif = (bytes: Buffer) => bytes.includes(Buffer.from('Exif\0\0', 'latin1')) || bytes.includes(GPS_LATITUDE);
