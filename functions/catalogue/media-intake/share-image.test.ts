import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { makeShareImage, shareImageKey } from './share-image.js';

/** A square image: a green square in the middle of a red one. */
function artwork(size: number): Uint8Array {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inner = x > size / 4 && x < (3 * size) / 4 && y > size / 4 && y < (3 * size) / 4;
      data.set(inner ? [0, 200, 0, 255] : [220, 0, 0, 255], (y * size + x) * 4);
    }
  }
  return data;
}

const decoded = (bytes: Buffer) => jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
const rgbAt = (image: { width: number; data: Uint8Array }, x: number, y: number) => [
  ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3),
];
const near = (value: number[], expected: number[], tolerance = 14) =>
  value.forEach((channel, i) => expect(Math.abs(channel - expected[i])).toBeLessThan(tolerance));

describe('makeShareImage', () => {
  it('makes a 1200 × 630 JPEG with the artwork centred at full height on a darker band of its own colours', async () => {
    const result = await makeShareImage(jpeg.encode({ width: 600, height: 600, data: artwork(600) }, 90).data);
    if (!result) throw new Error('no share picture');
    expect([result.width, result.height]).toEqual([1200, 630]);
    expect([...result.jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = decoded(result.jpeg);
    expect([image.width, image.height]).toEqual([1200, 630]);
    // The artwork spans x 285…915: its red edge, its green middle.
    near(rgbAt(image, 300, 315), [220, 0, 0]);
    near(rgbAt(image, 600, 315), [0, 200, 0]);
    near(rgbAt(image, 900, 20), [220, 0, 0]);
    // Either side, the artwork's own colours, dimmed: reddish, darker than the artwork.
    for (const x of [20, 1180]) {
      const [r, g, b] = rgbAt(image, x, 315);
      expect(r).toBeGreaterThan(40);
      expect(r).toBeLessThan(200);
      expect(r).toBeGreaterThan(g + 30);
      expect(b).toBeLessThan(40);
    }
  });

  it('enlarges a small artwork to the full height', async () => {
    const result = await makeShareImage(jpeg.encode({ width: 300, height: 300, data: artwork(300) }, 90).data);
    if (!result) throw new Error('no share picture');
    const image = decoded(result.jpeg);
    expect([image.width, image.height]).toEqual([1200, 630]);
    near(rgbAt(image, 600, 315), [0, 200, 0]);
  });

  it('makes none of what is not a served image (a JPEG): the page shows the artwork itself', async () => {
    const png = new PNG({ width: 300, height: 300 });
    png.data = Buffer.from(artwork(300));
    expect(await makeShareImage(PNG.sync.write(png))).toBeNull();
    expect(await makeShareImage(Buffer.from('not an image'))).toBeNull();
    expect(await makeShareImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]))).toBeNull();
  });
});

describe('shareImageKey', () => {
  it('keeps the share picture beside its artwork', () => {
    expect(shareImageKey('images/artwork/album-1-0123456789ab.jpg')).toBe('images/artwork/album-1-0123456789ab.share.jpg');
    expect(shareImageKey('images/avatars/artist.v2.png')).toBe('images/avatars/artist.v2.share.jpg');
  });
});
