/**
 * Fresh audio URLs for an album's tracks, from GET /api/albums/{albumId}/tracks: the server signs gated
 * audio anew for each answer, and only for a listener who may play it. A track missing from the answer
 * (no access any more) has no URL to give.
 */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';
import { request } from '../../../lib/http';

const albumTracksSchema = z.object({
  tracks: z.array(z.object({ id: idSchema, audioUrl: z.nullish(z.string()) })),
});

/** Track id → audio URL, for the tracks this listener may play. */
export async function getAlbumAudioUrls(albumId: string, signal?: AbortSignal): Promise<Record<string, string>> {
  const answer = await request(`/api/albums/${encodeURIComponent(albumId)}/tracks`, albumTracksSchema, { signal });
  return Object.fromEntries(answer.tracks.flatMap((track) => (track.audioUrl ? [[track.id, track.audioUrl]] : [])));
}
