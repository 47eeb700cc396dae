/** Which files may become an avatar, and the crop maths (zoom 0.1–5, a 400x400 JPEG out; other shapes, e.g. a 3:1 header, alike). */

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 5;
export const AVATAR_OUTPUT_SIZE = 400;
export const AVATAR_JPEG_QUALITY = 0.9;

interface AvatarFileProblem {
  title: string;
  description: string;
}

/** A chosen file is refused before any upload when it is not an image, or larger than 5 MB. */
export function checkAvatarFile(file: { type: string; size: number }): AvatarFileProblem | null {
  if (!file.type.startsWith('image/'))
    return { title: 'Invalid file type', description: 'Please choose an image file (JPEG, PNG, WebP or GIF)' };
  if (file.size > AVATAR_MAX_BYTES) return { title: 'File too large', description: 'Please choose an image smaller than 5MB' };
  return null;
}

export const clampZoom = (zoom: number): number => (Number.isFinite(zoom) ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) : 1);

/** The picture inside the crop area: its natural size, the area's width on screen, zoom and drag offset (px). */
export interface CropFrame {
  imageWidth: number;
  imageHeight: number;
  viewport: number;
  /** The area's width over its height: 1 (a square, the default) for an avatar, 3 for a header. */
  aspect?: number;
  zoom: number;
  offsetX: number;
  offsetY: number;
}

const viewportHeight = (frame: CropFrame): number => frame.viewport / (frame.aspect ?? 1);

interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** At zoom 1 the picture just covers the area (centred: the square's short side fills it); zoom scales from there. */
const displayScale = (frame: CropFrame): number =>
  Math.max(frame.viewport / frame.imageWidth, viewportHeight(frame) / frame.imageHeight) * clampZoom(frame.zoom);

/** Where the picture lies in an area `size` px wide: the crop area itself, or the output canvas (400 px for an avatar). */
export function placeImage(frame: CropFrame, size: number = frame.viewport): Placement {
  const scale = displayScale(frame);
  const ratio = size / frame.viewport;
  const width = frame.imageWidth * scale;
  const height = frame.imageHeight * scale;
  return {
    x: ((frame.viewport - width) / 2 + frame.offsetX) * ratio,
    y: ((viewportHeight(frame) - height) / 2 + frame.offsetY) * ratio,
    width: width * ratio,
    height: height * ratio,
  };
}

/**
 * Keeps the drag sensible: a picture larger than the area always covers it (no empty edge), a smaller
 * one (zoomed out below 1) stays wholly inside it.
 */
export function clampOffset(frame: CropFrame): CropFrame {
  const scale = displayScale(frame);
  const limit = (extent: number, area: number) => Math.abs(extent * scale - area) / 2;
  // `|| 0` turns the -0 of a zero limit into 0.
  const clamp = (value: number, max: number) => Math.min(max, Math.max(-max, value)) || 0;
  return {
    ...frame,
    zoom: clampZoom(frame.zoom),
    offsetX: clamp(frame.offsetX, limit(frame.imageWidth, frame.viewport)),
    offsetY: clamp(frame.offsetY, limit(frame.imageHeight, viewportHeight(frame))),
  };
}
