/** Contract of the `plays` context: a play of a track, and an album's play count. */
import * as z from 'zod/mini';
import { endpoint, idParams } from './endpoint.js';

const seconds = z.number().check(z.nonnegative(), z.maximum(24 * 3600));

/** 202 when the play counted, 200 with `recorded: false` when it was too short. */
export const recordTrackPlayAnswer = z.object({ recorded: z.boolean() });
export const recordTrackPlay = endpoint({
  body: z.object({
    trackId: z.string().check(z.minLength(1), z.maxLength(100)),
    albumId: z.string().check(z.minLength(1), z.maxLength(100)),
    /** Sent by the player; the server uses the session instead. */
    userId: z.nullish(z.union([z.string(), z.number()])),
    playDuration: seconds,
    trackLength: seconds.check(z.positive()),
  }),
  answer: recordTrackPlayAnswer,
});

export const updateAlbumStatsAnswer = z.object({ albumId: z.string(), playCount: z.int().check(z.nonnegative()) });
export const updateAlbumStats = endpoint({ params: idParams, answer: updateAlbumStatsAnswer });
