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
  const crop: Crop = {
    left: Math.floor((image.width - cropWidth) / 2),
    top: Math.floor((image.height - cropHeight) / 2),
    width: cropWidth,
    height: cropHeight,
    scaleX: cropWidth / width,
    scaleY: cropHeight / height,
  };
  const out = new Uint8Array(width * height * 4);
  if (crop.scaleX > 1 && crop.scaleY > 1) shrink(image, crop, out, width, height);
  else grow(image, crop, out, width, height);
  return out;
}

/** The part of the source resized, and how many of its pixels make one of the output's, across and down. */
interface Crop {
  left: number;
  top: number;
  width: number;
  height: number;
  scaleX: number;
  scaleY: number;
}

/** The box filter: each output pixel the mean of the source pixels its area covers. Columns' spans are worked out once. */
function shrink({ data, width: stride }: Rgba, crop: Crop, out: Uint8Array, width: number, height: number) {
  const { scaleX, scaleY } = crop;
  const firstX = Int32Array.from({ length: width }, (_, ox) => Math.floor(ox * scaleX));
  const endX = Int32Array.from({ length: width }, (_, ox) => Math.min(crop.width, Math.floor((ox + 1) * scaleX)));
  for (let oy = 0; oy < height; oy++) {
    const y0 = Math.floor(oy * scaleY);
    const y1 = Math.min(crop.height, Math.floor((oy + 1) * scaleY));
    for (let ox = 0; ox < width; ox++) {
      const x0 = firstX[ox];
      const span = (endX[ox] - x0) * 4;
      const count = (span / 4) * (y1 - y0);
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let y = y0; y < y1; y++) {
        const row = ((crop.top + y) * stride + crop.left + x0) * 4;
        for (let i = row; i < row + span; i += 4) {
          red += data[i];
          green += data[i + 1];
          blue += data[i + 2];
        }
      }
      const o = (oy * width + ox) * 4;
      out[o] = Math.round(red / count);
      out[o + 1] = Math.round(green / count);
      out[o + 2] = Math.round(blue / count);
      out[o + 3] = 255;
    }
  }
}

/** Bilinear: each output pixel weighs the four source pixels around its centre. Columns' weights are worked out once. */
function grow({ data, width: stride }: Rgba, crop: Crop, out: Uint8Array, width: number, height: number) {
  const { scaleX, scaleY } = crop;
  const leftX = new Int32Array(width);
  const rightX = new Int32Array(width);
  const weightX = new Float64Array(width);
  for (let ox = 0; ox < width; ox++) {
    const sx = Math.max(0, Math.min(crop.width - 1, (ox + 0.5) * scaleX - 0.5));
    leftX[ox] = Math.floor(sx);
    rightX[ox] = Math.min(crop.width - 1, leftX[ox] + 1);
    weightX[ox] = sx - leftX[ox];
  }
  const rowAt = (y: number) => ((crop.top + y) * stride + crop.left) * 4;
  for (let oy = 0; oy < height; oy++) {
    const sy = Math.max(0, Math.min(crop.height - 1, (oy + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const upper = rowAt(y0);
    const lower = rowAt(Math.min(crop.height - 1, y0 + 1));
    for (let ox = 0; ox < width; ox++) {
      const fx = weightX[ox];
      const left = leftX[ox] * 4;
      const right = rightX[ox] * 4;
      const o = (oy * width + ox) * 4;
      for (let c = 0; c < 3; c++) {
        const top = data[upper + left + c] * (1 - fx) + data[upper + right + c] * fx;
        const bottom = data[lower + left + c] * (1 - fx) + data[lower + right + c] * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
      out[o + 3] = 255;
    }
  }
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
