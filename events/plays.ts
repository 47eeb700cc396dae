/** Listening events. */
import * as z from 'zod';
import { defineEvent } from './envelope.js';

export const PlayRecorded = defineEvent(
  'PlayRecorded',
  z.object({
    trackId: z.string().min(1),
    albumId: z.string().min(1),
    /** The signed-in user, or the anonymous listener id of a guest. */
    listenerId: z.string().min(1),
    userId: z.string().nullable(),
    /** Seconds listened before the play qualified. */
    playDuration: z.number().nonnegative(),
    trackLength: z.number().positive(),
  }),
);
