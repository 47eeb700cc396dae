/** Seeded image generator: abstract album artwork, artist avatars and artist header images, as JPEG. */
import jpeg from 'jpeg-js';
import { seededRandom, type Random } from './random.js';

export * from './image-sizes.js';
import type { ArtworkMotif, ImageRecipe } from './image-sizes.js';

type Rgb = [number, number, number];

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const m = lightness - chroma / 2;
  const [r, g, b] = h < 1 ? [chroma, x, 0] : h < 2 ? [x, chroma, 0] : h < 3 ? [0, chroma, x] : h < 4 ? [0, x, chroma] : h < 5 ? [x, 0, chroma] : [chroma, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

interface Palette {
  dark: Rgb;
  deep: Rgb;
  accents: Rgb[];
}

function paletteFor(hue: number, random: Random): Palette {
  const spread = random.pick([30, 45, 150, 180]);
  return {
    dark: hsl(hue + 200, 0.35, 0.08),
    deep: hsl(hue, 0.55, 0.28),
    accents: [hsl(hue + spread, 0.75, 0.58), hsl(hue - spread / 2, 0.8, 0.66), hsl(hue + 15, 0.65, 0.48), hsl(hue + spread + 30, 0.6, 0.8)],
  };
}

/** A layer paints over the canvas: at each pixel it returns a coverage in [0, 1] and a colour. */
interface Layer {
  coverage(x: number, y: number): number;
  colour: Rgb;
  opacity: number;
}

/** Coverage of a shape from its signed distance in pixels: one pixel of soft edge is enough antialiasing. */
const edge = (distance: number) => Math.max(0, Math.min(1, 0.5 - distance));

function disc(cx: number, cy: number, r: number, colour: Rgb, opacity: number): Layer {
  return { colour, opacity, coverage: (x, y) => edge(Math.hypot(x - cx, y - cy) - r) };
}

function ring(cx: number, cy: number, r: number, thickness: number, colour: Rgb, opacity: number): Layer {
  return { colour, opacity, coverage: (x, y) => edge(Math.abs(Math.hypot(x - cx, y - cy) - r) - thickness / 2) };
}

/** Horizontal stripes cut through a disc: the "sunset" of a hundred synth records. */
function stripedSun(cx: number, cy: number, r: number, colour: Rgb, opacity: number): Layer {
  return {
    colour,
    opacity,
    coverage: (x, y) => {
      const inside = edge(Math.hypot(x - cx, y - cy) - r);
      const below = (y - cy) / r;
      if (below <= 0) return inside;
      // Gaps widen towards the bottom edge.
      return (below * 7) % 1 < below * 0.6 ? 0 : inside;
    },
  };
}

function band(angle: number, offset: number, width: number, colour: Rgb, opacity: number): Layer {
  const nx = Math.cos(angle);
  const ny = Math.sin(angle);
  return { colour, opacity, coverage: (x, y) => edge(Math.abs(x * nx + y * ny - offset) - width / 2) };
}

/** The area under a sine wave running across the image. */
function wave(baseline: number, amplitude: number, wavelength: number, phase: number, colour: Rgb, opacity: number): Layer {
  return { colour, opacity, coverage: (x, y) => edge(baseline + amplitude * Math.sin((2 * Math.PI * x) / wavelength + phase) - y) };
}

/** A soft radial light that fades to nothing at radius `r`. */
function glow(cx: number, cy: number, r: number, colour: Rgb, opacity: number): Layer {
  return { colour, opacity, coverage: (x, y) => Math.max(0, 1 - Math.hypot(x - cx, y - cy) / r) ** 2 };
}

function layersFor(recipe: ImageRecipe, palette: Palette, random: Random): Layer[] {
  const { width, height } = recipe;
  const size = Math.min(width, height);
  const accent = () => random.pick(palette.accents);
  switch (recipe.variant) {
    case 'artwork': {
      // Scattered discs first, so the motif stays in front.
      const layers: Layer[] = [];
      for (let i = 0; i < 3 + random.int(3); i++) {
        layers.push(disc(random.between(0, width), random.between(0, height), size * random.between(0.04, 0.2), accent(), random.between(0.35, 0.8)));
      }
      const motif = recipe.motif ?? random.pick<ArtworkMotif>(['sun', 'rings', 'bands', 'waves']);
      if (motif === 'sun') layers.push(stripedSun(width / 2, height * random.between(0.4, 0.55), size * random.between(0.25, 0.34), accent(), 0.95));
      if (motif === 'rings') for (let i = 0; i < 6; i++) layers.push(ring(width / 2, height / 2, size * (0.08 + i * 0.06), size * 0.018, accent(), 0.85));
      if (motif === 'bands') for (let i = 0; i < 5; i++) layers.push(band(random.between(0, Math.PI), random.between(0, size), size * random.between(0.03, 0.12), accent(), 0.7));
      if (motif === 'waves') for (let i = 0; i < 5; i++) layers.push(wave(height * (0.35 + i * 0.12), height * 0.05, width * random.between(0.3, 0.6), random.between(0, 6.28), palette.accents[i % 4], 0.5 + i * 0.1));
      return layers;
    }
    case 'avatar': {
      // A lit orb among rings: round like the avatar frame, and unlike the generic placeholder figure.
      const cx = width / 2;
      const cy = height / 2;
      const light = random.between(-0.12, 0.12) * size;
      return [
        glow(cx, cy, size * 0.55, palette.accents[3], 0.45),
        ring(cx, cy, size * random.between(0.38, 0.44), size * 0.012, accent(), 0.7),
        ring(cx, cy, size * random.between(0.3, 0.35), size * 0.006, accent(), 0.5),
        disc(cx, cy, size * 0.26, palette.accents[0], 1),
        glow(cx + light, cy - size * 0.09, size * 0.24, palette.accents[3], 0.8),
        disc(cx + random.between(-0.2, 0.2) * size, cy + random.between(0.1, 0.2) * size, size * 0.07, accent(), 0.85),
      ];
    }
    case 'header': {
      const layers: Layer[] = [];
      for (let i = 0; i < 4; i++) {
        layers.push(wave(height * (0.45 + i * 0.12), height * random.between(0.04, 0.12), width * random.between(0.25, 0.7), random.between(0, 6.28), palette.accents[i % palette.accents.length], 0.35 + i * 0.15));
      }
      return layers;
    }
  }
}

/** Renders the recipe as RGBA pixels: a diagonal gradient, then each layer blended over it. */
export function renderPixels(recipe: ImageRecipe): Uint8ClampedArray {
  const random = seededRandom(recipe.seed);
  const palette = paletteFor(recipe.hue, random);
  const layers = layersFor(recipe, palette, random);
  const { width, height } = recipe;
  const angle = random.between(0, Math.PI * 2);
  const gx = Math.cos(angle);
  const gy = Math.sin(angle);
  const span = Math.abs(gx) * width + Math.abs(gy) * height;
  const offset = Math.min(0, gx * width) + Math.min(0, gy * height);
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x * gx + y * gy - offset) / span;
      let r = palette.dark[0] + (palette.deep[0] - palette.dark[0]) * t;
      let g = palette.dark[1] + (palette.deep[1] - palette.dark[1]) * t;
      let b = palette.dark[2] + (palette.deep[2] - palette.dark[2]) * t;
      for (const layer of layers) {
        const alpha = layer.coverage(x, y) * layer.opacity;
        if (alpha === 0) continue;
        r += (layer.colour[0] - r) * alpha;
        g += (layer.colour[1] - g) * alpha;
        b += (layer.colour[2] - b) * alpha;
      }
      const i = (y * width + x) * 4;
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}

/** JPEG quality: the seeded pictures' grain and gradients look as they do lossless, at a quarter to a half of a PNG's bytes. */
export const JPEG_QUALITY = 80;

/** Renders and encodes one image as a baseline JPEG. */
export function renderImage(recipe: ImageRecipe): Uint8Array {
  const file = jpeg.encode({ width: recipe.width, height: recipe.height, data: Buffer.from(renderPixels(recipe).buffer) }, JPEG_QUALITY).data;
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
}
