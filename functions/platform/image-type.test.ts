import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-type.js';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16, 7), Buffer.from([0xff, 0xd9])]);
const gif = (version: string) => Buffer.concat([Buffer.from(version, 'latin1'), Buffer.alloc(16)]);
const webp = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  Buffer.alloc(16),
]);

describe('sniffImage', () => {
  it('knows JPEG, PNG, both GIF versions and WebP by their magic numbers, with the extension each is stored under', () => {
    expect(sniffImage(jpeg)).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(sniffImage(png)).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(sniffImage(gif('GIF87a'))).toEqual({ contentType: 'image/gif', extension: 'gif' });
    expect(sniffImage(gif('GIF89a'))).toEqual({ contentType: 'image/gif', extension: 'gif' });
    expect(sniffImage(webp)).toEqual({ contentType: 'image/webp', extension: 'webp' });
  });

  it('refuses what is not one of them, whatever its name or claimed type would say', () => {
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
    // A RIFF container that is not WebP (a WAV file).
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WAVE', 'latin1')]))).toBeUndefined();
  });

  it('refuses a signature cut short', () => {
    expect(sniffImage(jpeg.subarray(0, 2))).toBeUndefined();
    expect(sniffImage(png.subarray(0, 7))).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89', 'latin1'))).toBeUndefined();
    expect(sniffImage(webp.subarray(0, 11))).toBeUndefined();
  });
});
