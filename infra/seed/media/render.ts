/** Renders one media object of the catalogue to the bytes of its file. */
import type { MediaObject } from '../catalogue.js';
import { renderAudio } from './mp3.js';
import { renderImage } from './image.js';
import { renderWav } from './wav.js';

export async function renderMedia(object: MediaObject): Promise<Uint8Array> {
  switch (object.kind) {
    case 'audio':
      return (await renderAudio(object)).bytes;
    case 'master':
      return renderWav(object, { instrumental: object.instrumental });
    case 'image':
      return renderImage(object);
  }
}
