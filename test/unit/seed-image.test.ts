import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { media, type ImageMedia } from '../../infra/seed/catalogue.js';
import { imageSizes, renderImage } from '../../infra/seed/media/image.js';

const images = media.filter((object): object is ImageMedia => object.kind === 'image');

describe('seeded images', () => {
  it('renders every catalogue image as a JPEG of its size, light enough for a phone', () => {
    for (const image of images) {
      const bytes = renderImage(image);
      expect(image.key).toMatch(/\.jpg$/);
      const decoded = jpeg.decode(bytes, { useTArray: true });
      expect({ key: image.key, width: decoded.width, height: decoded.height }).toEqual({ key: image.key, ...imageSizes[image.variant] });
      expect(bytes.length).toBeLessThan({ artwork: 64, avatar: 24, header: 32 }[image.variant] * 1024);
    }
  }, 60_000);

  it('uses the expected sizes for artwork, avatars and headers', () => {
    expect(imageSizes).toEqual({
      artwork: { width: 600, height: 600 },
      avatar: { width: 400, height: 400 },
      header: { width: 1200, height: 400 },
    });
  });

  it('renders the same recipe identically and different recipes differently', () => {
    const [first, second] = images.filter((image) => image.variant === 'artwork');
    expect(renderImage(first)).toEqual(renderImage(first));
    expect(Buffer.from(renderImage(first)).equals(Buffer.from(renderImage(second)))).toBe(false);
  });
});
