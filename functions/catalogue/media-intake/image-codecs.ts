/**
 * The image codecs (jpeg-js, pngjs, and exifr for a photo's EXIF orientation): 50 KB minified and exifr's, needed only where an image is made (the label's uploads of
 * artwork and artist images, the share pictures). Imported on first use, so a function's bundle leaves them to the
 * media codecs' layer in AWS (codecModules, infra/aws/lambda.ts). Both are CommonJS: their module is the default.
 */
import type exifr from 'exifr';
import type jpegJs from 'jpeg-js';
import type pngJs from 'pngjs';

export interface ImageCodecs {
  jpeg: typeof jpegJs;
  PNG: typeof pngJs.PNG;
  exif: typeof exifr;
}

let loaded: Promise<ImageCodecs> | undefined;

export function imageCodecs(): Promise<ImageCodecs> {
  loaded ??= Promise.all([import('jpeg-js'), import('pngjs'), import('exifr')]).then(([jpeg, png, exif]) => ({
    jpeg: jpeg.default,
    PNG: png.default.PNG,
    exif: exif.default,
  }));
  return loaded;
}
