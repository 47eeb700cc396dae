/** POST /api/albums/{id}/update-stats: asks the label to bring an album's numbers up to date before it plays. */
import * as plays from '../../../../../functions/contract/plays';
import { request } from '../../../lib/http';

export const updateAlbumStats = (albumId: string) =>
  request(`/api/albums/${encodeURIComponent(albumId)}/update-stats`, plays.updateAlbumStats.answer, { method: 'POST' });
