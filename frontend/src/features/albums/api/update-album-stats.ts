/** POST /api/albums/{id}/update-stats: asks the label to bring an album's numbers up to date before it plays. */
import { api } from '../../../lib/http';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const playsSchemas = () => import('#contract/plays.js');

export const updateAlbumStats = (albumId: string) =>
  api('POST /api/albums/{id}/update-stats', () => playsSchemas().then((c) => c.updateAlbumStatsAnswer), { params: { id: albumId } });
