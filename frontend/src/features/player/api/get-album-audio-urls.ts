/**
 * Fresh audio URLs for an album's tracks, from GET /api/albums/{albumId}/tracks: the server signs gated
 * audio anew for each answer, and only for a listener who may play it. A track missing from the answer
 * (no access any more) has no URL to give.
 */
import { albumTracks } from '../../../../../functions/contract/catalogue';
import { request } from '../../../lib/http';

/** Track id → audio URL, for the tracks this listener may play. */
export async function getAlbumAudioUrls(albumId: string, signal?: AbortSignal): Promise<Record<string, string>> {
  const answer = await request(`/api/albums/${encodeURIComponent(albumId)}/tracks`, albumTracks, { signal });
  return Object.fromEntries(answer.tracks.flatMap((track) => (track.audioUrl ? [[track.id, track.audioUrl]] : [])));
}
