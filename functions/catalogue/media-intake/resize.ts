/** Resizing the pixels of an image (pure, no codec): the media intake's artwork and images, and the pages' share pictures. */

/** The quality of every JPEG the media intake makes. */
export const JPEG_QUALITY = 85;

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * The centred part of the image with the shape of `width` × `height`, resized to that RGBA. Each output pixel averages
 * the source pixels its area covers (a box filter: sharp and without aliasing when shrinking); when growing it is
 * bilinear.
 */
export function resizeCover(image: Rgba, width: number, height: number): Uint8Array {
  const cropWidth = Math.floor(Math.min(image.width, (image.height * width) / height));
  const cropHeight = Math.floor(Math.min(image.height, (image.width * height) / width));
  const left = Math.floor((image.width - cropWidth) / 2);
  const top = Math.floor((image.height - cropHeight) / 2);
  const out = new Uint8Array(width * height * 4);
  const scaleX = cropWidth / width;
  const scaleY = cropHeight / height;
  const pixel = (x: number, y: number, channel: number) => image.data[((top + y) * image.width + left + x) * 4 + channel];
  for (let oy = 0; oy < height; oy++) {
    for (let ox = 0; ox < width; ox++) {
      const o = (oy * width + ox) * 4;
      if (scaleX > 1 && scaleY > 1) {
        const x0 = Math.floor(ox * scaleX);
        const x1 = Math.min(cropWidth, Math.floor((ox + 1) * scaleX));
        const y0 = Math.floor(oy * scaleY);
        const y1 = Math.min(cropHeight, Math.floor((oy + 1) * scaleY));
        const count = (x1 - x0) * (y1 - y0);
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += pixel(x, y, c);
          out[o + c] = Math.round(sum / count);
        }
      } else {
        const sx = Math.max(0, Math.min(cropWidth - 1, (ox + 0.5) * scaleX - 0.5));
        const sy = Math.max(0, Math.min(cropHeight - 1, (oy + 0.5) * scaleY - 0.5));
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        const x1 = Math.min(cropWidth - 1, x0 + 1);
        const y1 = Math.min(cropHeight - 1, y0 + 1);
        const fx = sx - x0;
        const fy = sy - y0;
        for (let c = 0; c < 3; c++) {
          const top = pixel(x0, y0, c) * (1 - fx) + pixel(x1, y0, c) * fx;
          const bottom = pixel(x0, y1, c) * (1 - fx) + pixel(x1, y1, c) * fx;
          out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
        }
      }
      out[o + 3] = 255;
    }
  }
  return out;
}

/**
 * The image as its camera meant it to be seen: EXIF's Orientation (1–8) says how the stored pixels are turned and
 * mirrored, and a phone photo held upright is usually stored sideways (6: turned 90° clockwise to display). The
 * re-encoded JPEG carries no EXIF, so the turn is made on the pixels. Orientation 1, or none, returns the image.
 */
export function orient(image: Rgba, orientation: number | undefined): Rgba {
  if (!orientation || orientation === 1 || orientation > 8) return image;
  const { width, height, data } = image;
  const swaps = orientation >= 5;
  const outWidth = swaps ? height : width;
  const outHeight = swaps ? width : height;
  // The stored pixel shown at (x, y): the inverse of each orientation's transform.
  const stored: Record<2 | 3 | 4 | 5 | 6 | 7 | 8, (x: number, y: number) => number> = {
    2: (x, y) => y * width + (width - 1 - x),
    3: (x, y) => (height - 1 - y) * width + (width - 1 - x),
    4: (x, y) => (height - 1 - y) * width + x,
    5: (x, y) => x * width + y,
    6: (x, y) => (height - 1 - x) * width + y,
    7: (x, y) => (height - 1 - x) * width + (width - 1 - y),
    8: (x, y) => x * width + (width - 1 - y),
  };
  const from = stored[orientation as 2 | 3 | 4 | 5 | 6 | 7 | 8];
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      const at = from(x, y) * 4;
      out.set(data.subarray(at, at + 4), (y * outWidth + x) * 4);
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}
