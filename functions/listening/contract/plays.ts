/** Contract of the `plays` context: the start of a play, its reports, and an album's play count. */
import * as z from 'zod/mini';
import { endpoint, idParams } from '../../platform/contract/endpoint.js';

const trackOfAlbum = {
  trackId: z.string().check(z.minLength(1), z.maxLength(100)),
  albumId: z.string().check(z.minLength(1), z.maxLength(100)),
};

/** The token a play's reports carry: the server's word that this listener started this track at this moment. */
export const startTrackPlayAnswer = z.object({ playToken: z.string() });
export const startTrackPlay = endpoint({ body: z.object(trackOfAlbum), answer: startTrackPlayAnswer });

/**
 * 202 when the play (or, with `ended`, its completion) counted; 200 with `recorded: false` when it did not, whatever
 * the reason: a player never shows it. The server measures the time since the token's start and reads the track's
 * length from the catalogue; durations in the body are not read.
 */
export const recordTrackPlayAnswer = z.object({ recorded: z.boolean() });
export const recordTrackPlay = endpoint({
  body: z.object({
    ...trackOfAlbum,
    /** From POST /api/track-play/start; a report without one does not count. */
    playToken: z.optional(z.string().check(z.maxLength(1000))),
    /** The report of the play's end (the track played out), rather than of its qualifying. */
    ended: z.optional(z.boolean()),
    /** Sent by older players; the server uses the session instead. */
    userId: z.nullish(z.union([z.string(), z.number()])),
  }),
  answer: recordTrackPlayAnswer,
});

export const updateAlbumStatsAnswer = z.object({ albumId: z.string(), playCount: z.int().check(z.nonnegative()) });
export const updateAlbumStats = endpoint({ params: idParams, answer: updateAlbumStatsAnswer });
