import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { resizeImage, resizeSquare, resizeToArtwork } from './artwork.js';

/** An image whose left half is red and right half blue (`alpha` everywhere). */
function halves(width: number, height: number, alpha = 255): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      data.set(x < width / 2 ? [255, 0, 0, alpha] : [0, 0, 255, alpha], o);
    }
  }
  return data;
}

const jpegOf = (width: number, height: number) => jpeg.encode({ width, height, data: halves(width, height) }, 90).data;

function pngOf(width: number, height: number, alpha = 255): Buffer {
  const png = new PNG({ width, height });
  png.data = Buffer.from(halves(width, height, alpha));
  return PNG.sync.write(png);
}

/** The JPEG with an EXIF block saying how to turn it for display (1–8), as a phone camera writes it. */
function withOrientation(bytes: Uint8Array, orientation: number): Buffer {
  // TIFF, big-endian: header, one IFD0 entry (0x0112 Orientation, SHORT, 1 value), no next IFD.
  const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  return Buffer.concat([Buffer.from(bytes.subarray(0, 2)), app1, Buffer.from(bytes.subarray(2))]);
}

const decoded = (bytes: Buffer) => jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
const rgbAt = (image: { width: number; data: Uint8Array }, x: number, y: number) => [
  ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3),
];

describe('resizeToArtwork', () => {
  it('makes a 600 × 600 JPEG of a large JPEG, cropped to its centred square', async () => {
    // 1600 × 1200: the centred square is x 200…1400, so the red half covers 200…800 of it, the left half of the output.
    const result = await resizeToArtwork(jpegOf(1600, 1200));
    if (!result.ok) throw new Error(result.reason);
    const image = decoded(result.jpeg);
    expect([image.width, image.height]).toEqual([600, 600]);
    for (const [value, expected] of [
      [rgbAt(image, 100, 300), [255, 0, 0]],
      [rgbAt(image, 500, 300), [0, 0, 255]],
    ] as const) {
      value.forEach((channel, i) => expect(Math.abs(channel - expected[i])).toBeLessThan(12));
    }
  });

  it('shows a phone photo upright: turned as its EXIF orientation says, and without the EXIF block', async () => {
    // Stored 1600 × 1200 with red on the left; orientation 6 shows it turned 90° clockwise: 1200 × 1600, red on top.
    const photo = withOrientation(jpegOf(1600, 1200), 6);
    const result = await resizeToArtwork(photo);
    if (!result.ok) throw new Error(result.reason);
    const image = decoded(result.jpeg);
    for (const [value, expected] of [
      [rgbAt(image, 300, 100), [255, 0, 0]],
      [rgbAt(image, 300, 500), [0, 0, 255]],
    ]) {
      value.forEach((channel, i) => expect(Math.abs(channel - expected[i])).toBeLessThan(24));
    }
    expect(result.jpeg.includes(Buffer.from('Exif'))).toBe(false);
    // Orientation 8 turns it the other way (red below); 3 turns it upside down (red on the right); 1 leaves it.
    const looks = async (orientation: number) => {
      const turned = await resizeToArtwork(withOrientation(jpegOf(1600, 1200), orientation));
      if (!turned.ok) throw new Error(turned.reason);
      const pixels = decoded(turned.jpeg);
      return { topLeft: rgbAt(pixels, 100, 100)[0] > 128 ? 'red' : 'blue', bottomRight: rgbAt(pixels, 500, 500)[0] > 128 ? 'red' : 'blue' };
    };
    expect(await looks(8)).toEqual({ topLeft: 'blue', bottomRight: 'red' });
    expect(await looks(3)).toEqual({ topLeft: 'blue', bottomRight: 'red' });
    expect(await looks(1)).toEqual({ topLeft: 'red', bottomRight: 'blue' });
  });

  it('makes a 600 × 600 JPEG of a PNG, laying transparency on black, and enlarges a small one', async () => {
    const result = await resizeToArtwork(pngOf(400, 400, 128));
    if (!result.ok) throw new Error(result.reason);
    const image = decoded(result.jpeg);
    expect([image.width, image.height]).toEqual([600, 600]);
    const red = rgbAt(image, 100, 300);
    expect(red[0]).toBeGreaterThan(115);
    expect(red[0]).toBeLessThan(140);
  });

  it('refuses what cannot be a cover, saying why', async () => {
    expect(await resizeToArtwork(Buffer.from('not an image at all'))).toEqual({
      ok: false,
      reason: 'This file is not an image. Upload the artwork as a JPEG or PNG image.',
    });
    expect(await resizeToArtwork(new Uint8Array(0))).toEqual({ ok: false, reason: 'The image is empty.' });
    expect(await resizeToArtwork(Buffer.from('GIF89a\x01\x00\x01\x00'))).toEqual({
      ok: false,
      reason: 'Upload the artwork as a JPEG or PNG image.',
    });
    expect(await resizeToArtwork(pngOf(200, 800))).toEqual({
      ok: false,
      reason: 'The image is 200 × 800 pixels; artwork needs at least 300 × 300.',
    });
    const cut = jpegOf(800, 800);
    expect(await resizeToArtwork(cut.subarray(0, 600))).toMatchObject({ ok: false, reason: expect.stringContaining('could not be read') });
    const huge = pngOf(10, 10);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    expect(await resizeToArtwork(huge)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('20000 × 20000 pixels, more than the 40 megapixels'),
    });
  });
});

describe('resizeSquare', () => {
  it('averages the source pixels each output pixel covers', () => {
    // 4 × 4 → 2 × 2: each output pixel is the mean of a 2 × 2 block.
    const data = new Uint8Array(4 * 4 * 4);
    for (let i = 0; i < 16; i++) data.set([i * 10, 0, 0, 255], i * 4);
    const out = resizeSquare({ width: 4, height: 4, data }, 2);
    expect([out[0], out[4], out[8], out[12]]).toEqual([25, 45, 105, 125]);
  });
});

describe('resizeImage', () => {
  const header = { width: 300, height: 100, minWidth: 60, minHeight: 20, label: 'a header', upload: 'the header' };

  it('crops the centred band of the target shape and resizes it', async () => {
    // 600 × 600 → the centred 600 × 200 band; red left half, blue right half survive the crop.
    const result = await resizeImage(pngOf(600, 600), header);
    if (!result.ok) throw new Error(result.reason);
    const image = decoded(result.jpeg);
    expect([image.width, image.height]).toEqual([300, 100]);
    rgbAt(image, 50, 50).forEach((channel, i) => expect(Math.abs(channel - [255, 0, 0][i])).toBeLessThan(12));
    rgbAt(image, 250, 50).forEach((channel, i) => expect(Math.abs(channel - [0, 0, 255][i])).toBeLessThan(12));
  });

  it('names the image in its refusals', async () => {
    expect(await resizeImage(Buffer.from('hello'), header)).toEqual({
      ok: false,
      reason: 'This file is not an image. Upload the header as a JPEG or PNG image.',
    });
    expect(await resizeImage(pngOf(50, 50), header)).toEqual({
      ok: false,
      reason: 'The image is 50 × 50 pixels; a header needs at least 60 × 20.',
    });
  });
});
