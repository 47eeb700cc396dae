/** POST /api/albums/{id}/update-stats: asks the label to bring an album's numbers up to date before it plays. */
import { updateAlbumStatsAnswer } from '#contract/plays.js';
import { request } from '../../../lib/http';

export const updateAlbumStats = (albumId: string) =>
  request(`/api/albums/${encodeURIComponent(albumId)}/update-stats`, updateAlbumStatsAnswer, { method: 'POST' });
