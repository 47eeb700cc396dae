/** POST /api/albums/{id}/update-stats: asks the label to bring an album's numbers up to date before it plays. */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';
import { request } from '../../../lib/http';

const albumStatsSchema = z.object({ albumId: idSchema, playCount: z.number() });

export const updateAlbumStats = (albumId: string): Promise<z.infer<typeof albumStatsSchema>> =>
  request(`/api/albums/${encodeURIComponent(albumId)}/update-stats`, albumStatsSchema, { method: 'POST' });
