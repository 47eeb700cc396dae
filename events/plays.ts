/** Listening events: the plays the server counted, the ends of those plays, and the play reports it refused. */
import * as z from 'zod/mini';
import { defineEvent } from './envelope.js';
import { nonEmpty } from './fields.js';
import { playRefusalReasons } from './play-refusals.js';

export const PlayRecorded = defineEvent(
  'PlayRecorded',
  z.object({
    trackId: nonEmpty,
    albumId: nonEmpty,
    /** The signed-in user, or the anonymous listener id of a guest. */
    listenerId: nonEmpty,
    userId: z.nullable(z.string()),
    /** Seconds between the play's start (its token) and its report, as the server measured them. */
    playDuration: z.number().check(z.nonnegative()),
    /** The track's length in the catalogue, in seconds. */
    trackLength: z.number().check(z.positive()),
    /**
     * When the server started the play (its token), ISO 8601: the once-per-track-length rule reads it from the stream.
     * Older events have none; their start is their time less their duration.
     */
    startedAt: z.optional(nonEmpty),
  }),
);

/** A counted play that went on to the end of its track (at least 95 % of its length after its start). */
export const PlayCompleted = defineEvent(
  'PlayCompleted',
  z.object({
    trackId: nonEmpty,
    albumId: nonEmpty,
    listenerId: nonEmpty,
    userId: z.nullable(z.string()),
    /** When the server started the play (its token), ISO 8601. */
    startedAt: nonEmpty,
    /** Seconds from the start to the report of the end, as the server measured them. */
    playDuration: z.number().check(z.nonnegative()),
    trackLength: z.number().check(z.positive()),
  }),
);

export { playRefusalReasons, type PlayRefusalReason } from './play-refusals.js';

/** A play report the server did not count: a suspicious play, shown to the label by reason. */
export const PlayRefused = defineEvent(
  'PlayRefused',
  z.object({
    trackId: nonEmpty,
    albumId: nonEmpty,
    listenerId: nonEmpty,
    userId: z.nullable(z.string()),
    reason: z.enum(playRefusalReasons),
  }),
);
