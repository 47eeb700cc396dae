import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { carriesExif, jpegWithGps, pngOf } from '../../test/support/images.js';
import { reencodedAvatar } from './user-avatar.js';

/** The EXIF block jpeg-js reads from a JPEG (its types leave the field out). */
const exifOf = (bytes: Buffer) => (jpeg.decode(bytes, { useTArray: true }) as { exifBuffer?: Uint8Array }).exifBuffer;

describe("a listener's avatar", () => {
  it('is the photo encoded again as a 400 × 400 JPEG, without the EXIF block and the GPS position the phone wrote', async () => {
    const photo = jpegWithGps(800, 600);
    expect(carriesExif(photo)).toBe(true);
    // The codec reads the photo's EXIF, as any viewer would.
    expect(exifOf(photo)).toBeDefined();

    const avatar = await reencodedAvatar(photo);
    if (!avatar.ok) throw new Error(avatar.reason);
    expect(carriesExif(avatar.jpeg)).toBe(false);
    const decoded = jpeg.decode(avatar.jpeg, { useTArray: true });
    expect({ width: decoded.width, height: decoded.height, exif: exifOf(avatar.jpeg) }).toEqual({
      width: 400,
      height: 400,
      exif: undefined,
    });
  });

  it('takes a PNG as a JPEG too, and refuses what is not a JPEG or PNG image, or too small to show', async () => {
    expect(await reencodedAvatar(pngOf(64, 64))).toMatchObject({ ok: true, width: 400, height: 400 });
    const webp = Buffer.concat([
      Buffer.from('RIFF', 'latin1'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 ', 'latin1'),
      Buffer.alloc(32),
    ]);
    expect(await reencodedAvatar(webp)).toEqual({ ok: false, reason: 'Upload the avatar as a JPEG or PNG image.' });
    expect(await reencodedAvatar(Buffer.from('<svg onload="alert(1)"/>'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not an image/),
    });
    expect(await reencodedAvatar(pngOf(8, 8))).toMatchObject({ ok: false, reason: expect.stringMatching(/at least 32 × 32/) });
  });
});
