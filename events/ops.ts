/** The operators' actions on the running system (the sync manager, functions/lib/ops/), each in an `ops#…` stream with the operator as actor. */
import * as z from 'zod';
import { defineEvent } from './envelope.js';

/** Stream `ops#dead-letters#<consumer>`: messages moved from a consumer's DLQ back to its queue, at a chosen rate. */
export const DeadLettersRedriven = defineEvent(
  'DeadLettersRedriven',
  z.object({
    consumer: z.string().min(1),
    /** The SQS message ids moved back. */
    messageIds: z.array(z.string().min(1)),
    ratePerSecond: z.number().positive().max(100),
  }),
);

/** Stream `ops#heal#<projection>`: one stream's events projected again into a projection's live views, its checkpoint set to `version`. */
export const StreamHealed = defineEvent(
  'StreamHealed',
  z.object({
    projection: z.string().min(1),
    streamId: z.string().min(1),
    /** The stream's version the views now reflect. */
    version: z.number().int().nonnegative(),
    /** View items written (put, updated or deleted). */
    items: z.number().int().nonnegative(),
  }),
);

/** Stream `ops#rebuilds#<projection>`: a blue/green rebuild of a projection begun, `generation` built beside the live `from`. */
export const ViewRebuildStarted = defineEvent(
  'ViewRebuildStarted',
  z.object({ projection: z.string().min(1), generation: z.number().int().positive(), from: z.number().int().nonnegative() }),
);

/** Stream `ops#rebuilds#<projection>`: the projection's readers and live projector moved from generation `from` to `to`. */
export const ViewGenerationSwitched = defineEvent(
  'ViewGenerationSwitched',
  z.object({ projection: z.string().min(1), from: z.number().int().nonnegative(), to: z.number().int().positive() }),
);

/** Stream `ops#rebuilds#<projection>`: the projection's old generation, no longer read, deleted. */
export const ViewGenerationDropped = defineEvent(
  'ViewGenerationDropped',
  z.object({ projection: z.string().min(1), generation: z.number().int().nonnegative() }),
);
