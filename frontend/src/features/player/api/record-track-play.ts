/** POST /api/track-play: tells the label a play reached its qualifying time, or, with `ended`, the end of its track. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const playsSchemas = () => import('#contract/plays.js');

export interface TrackPlay {
  trackId: string;
  albumId: string;
  /** The token of the play's start (./start-track-play.ts). */
  playToken: string;
  /** The report of the track played out. */
  ended?: boolean;
}

const recordTrackPlay = (play: TrackPlay) =>
  api('POST /api/track-play', () => playsSchemas().then((c) => c.recordTrackPlayAnswer), { body: play });

export function useRecordTrackPlay(onRecorded: (play: TrackPlay) => void) {
  return useMutation({
    mutationFn: recordTrackPlay,
    // Play tracking is silent: a failed report never disturbs the listener.
    retry: false,
    onSuccess: (answer, play) => {
      if (answer.recorded && !play.ended) onRecorded(play);
    },
  });
}
