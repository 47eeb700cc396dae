/** POST /api/albums/{id}/update-stats: asks the label to bring an album's numbers up to date before it plays. */
import { updateAlbumStatsAnswer } from '#contract/plays.js';
import { api } from '../../../lib/http';

export const updateAlbumStats = (albumId: string) =>
  api('POST /api/albums/{id}/update-stats', updateAlbumStatsAnswer, { params: { id: albumId } });
