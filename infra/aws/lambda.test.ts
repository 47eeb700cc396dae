/** The layers' modules, built as the CDK builds them, answer imports as the packages in node_modules do. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCodecLayer, codecModules } from './lambda.js';

let outdir: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'toko-codecs-'));
  buildCodecLayer(outdir);
}, 120_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const fromLayer = (name: string) =>
  import(pathToFileURL(join(outdir, 'nodejs', 'node_modules', ...name.split('/'), 'index.mjs')).href) as Promise<Record<string, unknown>>;
const names = (module: object) => Object.keys(module).sort();

describe("the media codecs' layer", () => {
  it.each(codecModules)('serves %s with the exports the functions import', async (name) => {
    const [layer, installed] = await Promise.all([fromLayer(name), import(name) as Promise<Record<string, unknown>>]);
    // A CommonJS package is imported as its default (functions/catalogue/media-intake/image-codecs.ts); an ES module by name.
    if ('default' in layer) expect(names(layer.default as object)).toEqual(names(installed.default as object));
    else expect(names(layer)).toEqual(names(installed).filter((key) => key !== 'default'));
  });

  it('makes a JPEG from a PNG with the layer’s image codecs', async () => {
    const png = (await fromLayer('pngjs')).default as typeof import('pngjs');
    const jpeg = (await fromLayer('jpeg-js')).default as typeof import('jpeg-js');
    const image = new png.PNG({ width: 2, height: 2 });
    image.data.fill(200);
    const read = png.PNG.sync.read(png.PNG.sync.write(image));
    const made = jpeg.encode({ width: read.width, height: read.height, data: read.data }, 90);
    expect(jpeg.decode(made.data, { useTArray: true })).toMatchObject({ width: 2, height: 2 });
  });
});
