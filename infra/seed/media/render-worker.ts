/** Worker thread that renders media objects sent by `generateMedia`, so encoding uses every core. */
import { parentPort } from 'node:worker_threads';
import type { MediaObject } from '../catalogue.js';
import { renderMedia } from './render.js';

parentPort!.on('message', async (object: MediaObject) => {
  parentPort!.postMessage({ key: object.key, bytes: await renderMedia(object) });
});
