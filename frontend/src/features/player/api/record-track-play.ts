/** POST /api/track-play: tells the label a play reached its qualifying time, or, with `ended`, the end of its track. */
import { useMutation } from '@tanstack/react-query';
import { recordTrackPlayAnswer } from '#contract/plays.js';
import { api } from '../../../lib/http';

export interface TrackPlay {
  trackId: string;
  albumId: string;
  /** The token of the play's start (./start-track-play.ts). */
  playToken: string;
  /** The report of the track played out. */
  ended?: boolean;
}

export const recordTrackPlay = (play: TrackPlay) => api('POST /api/track-play', recordTrackPlayAnswer, { body: play });

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
