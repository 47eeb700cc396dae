/** POST /api/track-play: tells the label a track was listened to long enough to count. */
import { useMutation } from '@tanstack/react-query';
import { recordTrackPlayAnswer } from '../../../../../functions/contract/plays';
import { request } from '../../../lib/http';

export interface TrackPlay {
  trackId: string;
  albumId: string;
  /** Seconds listened when the play qualified. */
  playDuration: number;
  /** Seconds. */
  trackLength: number;
}

export const recordTrackPlay = (play: TrackPlay) => request('/api/track-play', recordTrackPlayAnswer, { method: 'POST', body: play });

export function useRecordTrackPlay(onRecorded: (play: TrackPlay) => void) {
  return useMutation({
    mutationFn: recordTrackPlay,
    // Play tracking is silent: a failed report never disturbs the listener.
    retry: false,
    onSuccess: (answer, play) => {
      if (answer.recorded) onRecorded(play);
    },
  });
}
