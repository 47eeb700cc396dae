/** POST /api/track-play/start: the label's token for a play that starts, which its reports carry. */
import { startTrackPlayAnswer } from '#contract/plays.js';
import { api } from '../../../lib/http';

export interface PlayedTrack {
  trackId: string;
  albumId: string;
}

export const startTrackPlay = async (track: PlayedTrack): Promise<string> =>
  (await api('POST /api/track-play/start', startTrackPlayAnswer, { body: track })).playToken;
