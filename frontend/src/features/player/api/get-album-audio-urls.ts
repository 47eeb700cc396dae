/**
 * Fresh audio URLs for an album's tracks, from GET /api/albums/{albumId}/tracks: the server signs gated
 * audio anew for each answer, and only for a listener who may play it. A track missing from the answer
 * (no access any more) has no URL to give. An album that is not out yet (404) may still have tracks on the band
 * page: their URLs come from the band page's list, signed anew as well.
 */
import { HttpError, api } from '../../../lib/http';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const catalogueSchemas = () => import('#contract/catalogue.js');
const bandSchemas = () => import('#contract/band.js');

/** Track id → audio URL, for the tracks this listener may play. */
export async function getAlbumAudioUrls(albumId: string, signal?: AbortSignal): Promise<Record<string, string>> {
  try {
    const answer = await api('GET /api/albums/{id}/tracks', () => catalogueSchemas().then((c) => c.albumTracks), {
      params: { id: albumId },
      signal,
    });
    return Object.fromEntries(answer.tracks.flatMap((track) => (track.audioUrl ? [[track.id, track.audioUrl]] : [])));
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error;
    const band = await api('GET /api/band/tracks', () => bandSchemas().then((c) => c.bandTracksAnswer), { signal });
    return Object.fromEntries(
      band.tracks.flatMap((track) => (track.albumId === albumId && track.audioUrl ? [[track.id, track.audioUrl]] : [])),
    );
  }
}
