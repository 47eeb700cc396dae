/** POST /api/track-play/start: the label's token for a play that starts, which its reports carry. */
import { api } from '../../../lib/http';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const playsSchemas = () => import('#contract/plays.js');

interface PlayedTrack {
  trackId: string;
  albumId: string;
}

export const startTrackPlay = async (track: PlayedTrack): Promise<string> =>
  (await api('POST /api/track-play/start', () => playsSchemas().then((c) => c.startTrackPlayAnswer), { body: track })).playToken;
