/** The operators' actions on the running system (the sync manager, functions/operations/), each in an `ops#…` stream with the operator as actor. */
import * as z from 'zod/mini';
import { defineEvent } from './envelope.js';
import { nonEmpty, nonNegativeInteger, positiveInteger } from './fields.js';

/** Stream `ops#dead-letters#<consumer>`: messages moved from a consumer's DLQ back to its queue, at a chosen rate. */
export const DeadLettersRedriven = defineEvent(
  'DeadLettersRedriven',
  z.object({
    consumer: nonEmpty,
    /** The SQS message ids moved back. */
    messageIds: z.array(nonEmpty),
    ratePerSecond: z.number().check(z.positive(), z.lte(100)),
  }),
);

/** Stream `ops#heal#<projection>`: one stream's events projected again into a projection's live views, its checkpoint set to `version`. */
export const StreamHealed = defineEvent(
  'StreamHealed',
  z.object({
    projection: nonEmpty,
    streamId: nonEmpty,
    /** The stream's version the views now reflect. */
    version: nonNegativeInteger,
    /** View items written (put, updated or deleted). */
    items: nonNegativeInteger,
  }),
);

/** Stream `ops#rebuilds#<projection>`: a blue/green rebuild of a projection begun, `generation` built beside the live `from`. */
export const ViewRebuildStarted = defineEvent(
  'ViewRebuildStarted',
  z.object({ projection: nonEmpty, generation: positiveInteger, from: nonNegativeInteger }),
);

/** Stream `ops#rebuilds#<projection>`: the projection's readers and live projector moved from generation `from` to `to`. */
export const ViewGenerationSwitched = defineEvent(
  'ViewGenerationSwitched',
  z.object({ projection: nonEmpty, from: nonNegativeInteger, to: positiveInteger }),
);

/** Stream `ops#rebuilds#<projection>`: the projection's old generation, no longer read, deleted. */
export const ViewGenerationDropped = defineEvent(
  'ViewGenerationDropped',
  z.object({ projection: nonEmpty, generation: nonNegativeInteger }),
);
