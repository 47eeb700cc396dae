/**
 * Contract of the `admin-ops` context, the sync manager: each consumer's lag, throughput, errors and health; its dead
 * letters, with the error of their last try and the streams they hold; redriving them at a chosen rate; the suspicious
 * plays of the last hour and day.
 */
import * as z from 'zod/mini';
import { playRefusalReasons } from '../../../events/play-refusals.js';
import { endpoint, nullableText } from '../../platform/contract/endpoint.js';

export const consumerHealth = z.enum(['ok', 'lagging', 'failing']);
export type ConsumerHealth = z.infer<typeof consumerHealth>;

const count = z.number();
/** Seconds, or null where unknown. */
const seconds = z.nullable(z.number());

export const lagSample = z.object({
  /** `YYYY-MM-DDTHH:MM`, UTC. */
  minute: z.string(),
  processed: count,
  failed: count,
  /** Mean seconds the minute's records had waited in the queue when handled. */
  meanWaitSeconds: z.number(),
});
export type LagSample = z.infer<typeof lagSample>;

export const consumerStatus = z.object({
  name: z.string(),
  kind: z.enum(['projector', 'reactor']),
  /** Messages waiting in its queue: visible, in flight and delayed. */
  eventsBehind: count,
  inFlight: count,
  /**
   * Age of the oldest unprocessed message, at most: the time since the oldest message of the consumer's latest batch
   * was sent (SQS answers no message age but through CloudWatch). 0 with nothing waiting, null when unknown.
   */
  oldestAgeSeconds: seconds,
  /** Records handled per minute over the health window. */
  throughputPerMinute: z.number(),
  /** Share of failed attempts over the health window, 0–1. */
  errorRate: z.number(),
  deadLetters: count,
  /** Age of the DLQ's oldest message (of those read), null when it is empty. */
  deadLetterOldestAgeSeconds: seconds,
  health: consumerHealth,
  /** Per minute over the last hour, oldest first; minutes without work are left out. */
  lag: z.array(lagSample),
});
export type ConsumerStatus = z.infer<typeof consumerStatus>;

/** One of the app's latest errors: a consumer's failed attempt, or an API context's unhandled error (`http-<context>`). */
export const recentError = z.object({
  source: z.string(),
  error: z.string(),
  /** The stream and version of the event a consumer failed on; null for the API's errors and a consumer's jobs. */
  stream: z.nullable(z.string()),
  version: z.nullable(z.number()),
  /** The request or event it served, to trace; null when none was known. */
  correlationId: z.nullable(z.string()),
  at: z.string(),
});
export type RecentError = z.infer<typeof recentError>;

export const listConsumers = endpoint({
  answer: z.object({
    at: z.string(),
    /** The thresholds behind `health`, so the screen can say why. */
    thresholds: z.object({
      laggingEventsBehind: count,
      laggingOldestAgeSeconds: count,
      failingDeadLetters: count,
      failingErrorRate: z.number(),
      windowMinutes: count,
    }),
    consumers: z.array(consumerStatus),
    /** The app's latest errors, newest first. */
    latestErrors: z.array(recentError),
  }),
});

export const consumerParams = z.object({ name: z.string().check(z.minLength(1), z.maxLength(100)) });

export const deadLetter = z.object({
  messageId: z.string(),
  /** The event it carries (null for a message that is no event, such as a mail job). */
  eventType: nullableText,
  streamId: nullableText,
  version: z.nullable(z.int()),
  eventId: nullableText,
  /** Deliveries to the consumer before it was dead-lettered (the last failed attempt's, where recorded). */
  receiveCount: count,
  /** The error of its last attempt, where the consumer recorded one. */
  error: nullableText,
  failedAt: nullableText,
  sentAt: nullableText,
});
export type DeadLetter = z.infer<typeof deadLetter>;

/** A projector's stream whose next event is parked: its later events wait behind it. */
export const heldStream = z.object({
  streamId: z.string(),
  /** The version the projector has applied up to. */
  appliedVersion: count,
  /** The parked message holding it, at that version of the stream. */
  heldBy: z.string(),
  heldVersion: z.int(),
  /** The stream's later events in the log, which wait behind it (parked too, or queued). */
  waitingBehind: count,
});
export type HeldStream = z.infer<typeof heldStream>;

export const listDeadLetters = endpoint({
  params: consumerParams,
  answer: z.object({
    consumer: z.string(),
    /**
     * The DLQ's depth. `messages` shows up to 100: each stream's first parked message (a FIFO queue hands out a stream's
     * next message only once the one before it is gone), the ones behind it counted in `heldStreams`.
     */
    depth: count,
    messages: z.array(deadLetter),
    heldStreams: z.array(heldStream),
  }),
});

export const redriveBody = z.object({
  /** The messages to move back, or 'all'. */
  ids: z._default(
    z.union([z.literal('all'), z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.minLength(1), z.maxLength(100))]),
    'all',
  ),
  /** Messages per second, above 0 and at most 100. */
  ratePerSecond: z.number().check(z.positive('Give a rate above 0'), z.lte(100, 'At most 100 messages per second')),
  /** Counts what would move, moves nothing. */
  dryRun: z.boolean(),
});
export type RedriveBody = z.input<typeof redriveBody>;
/** A redrive of every dead letter (not a dry run, not a chosen few): a sensitive act, which asks for a fresh code. */
export const redrivesAll = (body: unknown) => {
  const { ids, dryRun } = body as z.output<typeof redriveBody>;
  return ids === 'all' && !dryRun;
};

export const redriveDeadLetters = endpoint({
  params: consumerParams,
  body: redriveBody,
  answer: z.object({
    dryRun: z.boolean(),
    /** Messages selected. */
    count: count,
    moved: count,
    /** Selected but not moved in this request's time at this rate: ask again to move them. */
    remaining: count,
  }),
});

/** A stream id: `<category>#<id…>`, as the event log keys it. */
const streamId = z
  .string()
  .check(z.trim(), z.minLength(3), z.maxLength(300), z.regex(/^[a-z][a-z-]*#\S+$/, 'Give a stream id such as user#…'));

/** A stream found by the event log's search, with the version of its last event. */
export const foundStream = z.object({ streamId: z.string(), version: z.int() });
export type FoundStream = z.infer<typeof foundStream>;

export const findStreams = endpoint({
  /** A stream id (`order#…`), a listener's e-mail, or a user id. */
  query: z.object({ q: z.string().check(z.trim(), z.minLength(1, 'Give a stream id or an e-mail'), z.maxLength(300)) }),
  answer: z.object({
    kind: z.enum(['stream', 'listener']),
    /** The listener the streams belong to, for an e-mail or a user id. */
    userId: nullableText,
    streams: z.array(foundStream),
  }),
});

export const eventMeta = z.object({
  eventId: z.string(),
  at: z.string(),
  actor: z.string(),
  correlationId: z.string(),
  causationId: z.optional(z.string()),
  route: z.optional(z.string()),
});

/** A stored event as the log holds it: upcast, personal fields opened (a forgotten person's read as placeholders). */
export const loggedEvent = z.object({
  streamId: z.string(),
  version: z.int(),
  type: z.string(),
  schemaVersion: z.int(),
  data: z.unknown(),
  meta: eventMeta,
});
export type LoggedEvent = z.infer<typeof loggedEvent>;

export const readStreamEvents = endpoint({
  query: z.object({
    stream: streamId,
    /** Events after this version (the page before's `nextAfter`). */
    after: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
  }),
  answer: z.object({
    streamId: z.string(),
    /** The version of the stream's last event. */
    version: z.int(),
    events: z.array(loggedEvent),
    nextAfter: z.nullable(z.int()),
    /** The projections that read the stream (by its category), each of which can re-project it (heal). */
    projections: z.array(z.string()),
  }),
});

/** What a consumer made of one traced event. */
export const consumerEffect = z.object({
  consumer: z.string(),
  kind: z.enum(['projector', 'reactor']),
  /**
   * applied: the projector's checkpoint for the stream has passed the event; pending: not yet. done / running: the
   * reactor's recorded side effect (a mail); unrecorded: a reactor whose effects are the events it appends (listed
   * with this trace) or nothing kept.
   */
  status: z.enum(['applied', 'pending', 'done', 'running', 'unrecorded']),
  /** What it did, where known: the mail sent, the checkpoint reached. */
  detail: nullableText,
});

export const tracedEvent = z.extend(loggedEvent, { effects: z.array(consumerEffect) });
export type TracedEvent = z.infer<typeof tracedEvent>;

export const traceCorrelation = endpoint({
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) }),
  answer: z.object({
    correlationId: z.string(),
    /**
     * The request, as far as its events tell: who made it and when it was received (an HTTP request's id is its
     * correlation id; a Stripe delivery's events carry the checkout's).
     */
    request: z.object({ actor: z.string(), at: z.string(), route: nullableText }),
    events: z.array(tracedEvent),
    /** Mails sent for it, from the reactors' records. */
    mails: z.array(z.object({ consumer: z.string(), effect: z.string(), status: z.enum(['done', 'running']) })),
    /** Why some events may be missing (plays and old events are not indexed). */
    note: z.string(),
  }),
});

/** A projection's name, as functions/consumers.ts names its projector. */
const projectionName = z
  .string()
  .check(z.minLength(1), z.maxLength(100), z.regex(/^[a-z][a-z-]*$/, 'Give a projection name such as library'));

export const healStream = endpoint({
  params: z.object({ projection: projectionName, streamId }),
  answer: z.object({
    projection: z.string(),
    streamId: z.string(),
    /** The stream's version the views now reflect (its checkpoint). */
    version: z.int(),
    /** The checkpoint before. */
    from: z.int(),
    /** View items written. */
    items: count,
  }),
});

/** One difference between a stream's re-projected items and the live ones. */
export const viewDifference = z.object({
  streamId: z.string(),
  pk: z.string(),
  sk: z.string(),
  /** The field that differs; null where the whole item is missing, or there where it should be gone. */
  field: nullableText,
  /** JSON of the value the stream's events give, or `present`; null for none. */
  expected: nullableText,
  /** JSON of the live value, or `present`; null for none. */
  found: nullableText,
});
export type ViewDifference = z.infer<typeof viewDifference>;

export const projectionDrift = z.object({
  projection: z.string(),
  /** Streams compared. */
  sampled: count,
  /** Streams left out: their projector moved on while they were compared, or their replay failed. */
  unchecked: count,
  streamsDrifted: count,
  differences: count,
  /** The first differences. */
  examples: z.array(viewDifference),
});
export type ProjectionDrift = z.infer<typeof projectionDrift>;

export const driftReport = z.object({ at: z.string(), differences: count, projections: z.array(projectionDrift) });
export type DriftReport = z.infer<typeof driftReport>;

export const latestDrift = endpoint({ answer: z.object({ report: z.nullable(driftReport) }) });

export const checkDrift = endpoint({
  body: z.object({
    /** Streams per projection. */
    sample: z._default(z.int().check(z.minimum(1, 'Sample at least 1 stream'), z.maximum(200, 'Sample at most 200 streams')), 50),
    /** Only this projection. */
    projection: z.optional(projectionName),
    /** These streams of `projection` instead of a sample. */
    streamIds: z.optional(z.array(streamId).check(z.minLength(1), z.maxLength(50))),
  }),
  answer: driftReport,
});

/** A projector's name (functions/consumers.ts), as a rebuild's path names it. */
export const projectionParams = z.object({
  projection: z.string().check(z.regex(/^[a-z][a-z-]{0,59}$/, 'A projection is named in lower-case letters and dashes')),
});

/** A projection's latest blue/green rebuild (functions/operations/rebuild.ts). */
export const rebuildStatus = z.object({
  projection: z.string(),
  /** The generation built, and the live one it replaces. */
  generation: z.int(),
  from: z.int(),
  state: z.enum(['scanning', 'catching-up', 'ready', 'switching', 'switched', 'dropped']),
  startedBy: z.string(),
  startedAt: z.string(),
  /** Unfinished: the rebuilds job works on it (a start is refused meanwhile). */
  running: z.boolean(),
  /** 0–1. */
  progress: z.number(),
  /** Events of the log read, and of the projection's streams applied. */
  scanned: count,
  applied: count,
  parity: z.nullable(
    z.object({
      ok: z.boolean(),
      checkedAt: z.string(),
      live: z.object({ partitions: count, items: count }),
      rebuilt: z.object({ partitions: count, items: count }),
      /** Partitions whose item count or checksum differ (up to 20), and how many in all. */
      differing: z.array(z.string()),
      differingCount: count,
    }),
  ),
  switchedBy: nullableText,
  switchedAt: nullableText,
  droppedBy: nullableText,
  droppedAt: nullableText,
  updatedAt: z.string(),
});
export type RebuildStatus = z.infer<typeof rebuildStatus>;

export const listRebuilds = endpoint({
  answer: z.object({
    /** The projections a rebuild can be started for. */
    projections: z.array(z.string()),
    rebuilds: z.array(rebuildStatus),
  }),
});

/** Asks for a rebuild of the projection (or a ready one checked again), which the rebuilds job then works on: read the list until it is ready. */
export const startRebuild = endpoint({ params: projectionParams, answer: rebuildStatus });

/** Switches readers to the rebuilt generation (state switching); asked again a few seconds later it finishes (switched). */
export const switchRebuild = endpoint({ params: projectionParams, answer: rebuildStatus });

/** Deletes the old generation of a switched rebuild; `done` false: ask again to go on. */
export const dropRebuild = endpoint({
  params: projectionParams,
  answer: z.object({ rebuild: rebuildStatus, deleted: count, done: z.boolean() }),
});

/** Refused play reports over a window: the start of its first ten-minute bucket (the latest still filling), by reason. */
export const suspiciousWindow = z.object({
  since: z.string(),
  total: count,
  /** Reasons that refused any report, the most frequent first. */
  reasons: z.array(z.object({ reason: z.enum(playRefusalReasons), count })),
});
export type SuspiciousWindow = z.infer<typeof suspiciousWindow>;

/** The suspicious plays: play reports the server refused (no or a bad token, too early, a repeat, past the daily ceiling). */
export const suspiciousPlays = endpoint({
  answer: z.object({ at: z.string(), lastHour: suspiciousWindow, lastDay: suspiciousWindow }),
});
