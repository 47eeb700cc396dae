/**
 * The installable web app, made at build time from the brand: the app icons (PNG, drawn here, so no icon
 * comes from outside), the web app manifest, and the build stamp in the service worker (/sw.js).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Plugin } from 'vite';

interface WebAppBrand {
  product: string;
  labelName: string;
  accentColor: string;
  /** The page background and the colour of the installed app's frame. */
  backgroundColor: string;
}

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const shade = ([r, g, b]: Rgb, factor: number): Rgb => [r * factor, g * factor, b * factor];

/**
 * The app icon: a record in the accent colour on the page background. A maskable icon keeps the record
 * inside the central 80% that every launcher shape shows.
 */
export function renderAppIcon(
  size: number,
  brand: Pick<WebAppBrand, 'accentColor' | 'backgroundColor'>,
  { maskable = false } = {},
): Buffer {
  const png = new PNG({ width: size, height: size });
  const background = rgb(brand.backgroundColor);
  const accent = rgb(brand.accentColor);
  const groove = shade(accent, 0.78);
  const centre = size / 2;
  const radius = size * (maskable ? 0.36 : 0.45);
  // Rings from the outside in: [outer radius, colour]; a point takes the colour of the smallest ring around it.
  const rings: Array<[number, Rgb]> = [
    [radius, accent],
    [radius * 0.78, groove],
    [radius * 0.75, accent],
    [radius * 0.34, background],
    [radius * 0.08, accent],
  ];
  const colourAt = (x: number, y: number): Rgb => {
    const distance = Math.hypot(x - centre, y - centre);
    let colour = background;
    for (const [ringRadius, ringColour] of rings) if (distance <= ringRadius) colour = ringColour;
    return colour;
  };
  // 4×4 samples per pixel smooth the edges of the rings; pixels away from any edge need only one.
  const samples = 4;
  const nearEdge = (x: number, y: number) => {
    const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
    return rings.some(([ringRadius]) => Math.abs(distance - ringRadius) < 1);
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const offset = (y * size + x) * 4;
      png.data[offset + 3] = 255;
      if (!nearEdge(x, y)) {
        const [r, g, b] = colourAt(x + 0.5, y + 0.5);
        png.data[offset] = Math.round(r);
        png.data[offset + 1] = Math.round(g);
        png.data[offset + 2] = Math.round(b);
        continue;
      }
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt(x + (sx + 0.5) / samples, y + (sy + 0.5) / samples);
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
        }
      }
      png.data[offset] = Math.round(sum[0] / samples ** 2);
      png.data[offset + 1] = Math.round(sum[1] / samples ** 2);
      png.data[offset + 2] = Math.round(sum[2] / samples ** 2);
    }
  }
  return PNG.sync.write(png);
}

export const appIcons = [
  { fileName: 'icons/icon-192.png', size: 192, maskable: false },
  { fileName: 'icons/icon-512.png', size: 512, maskable: false },
  { fileName: 'icons/maskable-512.png', size: 512, maskable: true },
  { fileName: 'icons/apple-touch-icon.png', size: 180, maskable: true },
] as const;

export function webAppManifest(brand: WebAppBrand): string {
  return JSON.stringify(
    {
      id: '/',
      name: brand.product,
      short_name: brand.product,
      description: `${brand.product} by ${brand.labelName}: artist-driven music to stream, collect and support.`,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      background_color: brand.backgroundColor,
      theme_color: brand.backgroundColor,
      categories: ['music', 'entertainment'],
      icons: appIcons
        .filter((icon) => !icon.fileName.includes('apple-touch'))
        .map((icon) => ({
          src: `/${icon.fileName}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.maskable ? 'maskable' : 'any',
        })),
    },
    null,
    2,
  );
}

/** The digest that names a build: the built page changes whenever any of its code does. */
export const buildStamp = (indexHtml: string): string => createHash('sha256').update(indexHtml).digest('hex').slice(0, 16);

const SW_BUILD_PLACEHOLDER = '__TOKO_BUILD__';

/** Vite plugin: serves (dev) or emits (build) the icons and manifest, links them from the page, stamps sw.js. */
export function webAppPlugin(brand: WebAppBrand): Plugin {
  type File = { type: string; source: Buffer | string };
  let files: Map<string, File> | undefined;
  const generated = () =>
    (files ??= new Map<string, File>([
      ...appIcons.map((icon): [string, File] => [icon.fileName, { type: 'image/png', source: renderAppIcon(icon.size, brand, icon) }]),
      ['manifest.webmanifest', { type: 'application/manifest+json', source: webAppManifest(brand) }],
    ]));
  let outDir = '';

  return {
    name: 'toko-web-app',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = generated().get((req.url ?? '').split('?')[0].slice(1));
        if (!file) return next();
        res.setHeader('content-type', file.type);
        res.end(file.source);
      });
    },
    generateBundle() {
      for (const [fileName, file] of generated()) this.emitFile({ type: 'asset', fileName, source: file.source });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
    ],
    closeBundle() {
      const worker = path.join(outDir, 'sw.js');
      const page = path.join(outDir, 'index.html');
      if (!fs.existsSync(worker) || !fs.existsSync(page)) return;
      const stamped = fs.readFileSync(worker, 'utf8').replaceAll(SW_BUILD_PLACEHOLDER, buildStamp(fs.readFileSync(page, 'utf8')));
      fs.writeFileSync(worker, stamped);
    },
  };
}
