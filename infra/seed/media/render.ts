/** Renders one media object of the catalogue to the bytes of its file. */
import type { MediaObject } from '../catalogue.js';
import { renderAudio } from './mp3.js';
import { renderImage } from './image.js';

export function renderMedia(object: MediaObject): Uint8Array {
  return object.kind === 'audio' ? renderAudio(object).bytes : renderImage(object);
}
