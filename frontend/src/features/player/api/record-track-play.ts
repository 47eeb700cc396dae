/** POST /api/track-play: tells the label a track was listened to long enough to count. */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

export interface TrackPlay {
  trackId: string;
  albumId: string;
  /** Seconds listened when the play qualified. */
  playDuration: number;
  /** Seconds. */
  trackLength: number;
}

const trackPlayAnswerSchema = z.object({ recorded: z.boolean() });
export type TrackPlayAnswer = z.infer<typeof trackPlayAnswerSchema>;

export const recordTrackPlay = (play: TrackPlay): Promise<TrackPlayAnswer> =>
  request('/api/track-play', trackPlayAnswerSchema, { method: 'POST', body: play });

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
