/**
 * A consumer's dead letters: what each carries and why it died (the failure its consumer recorded), the projector
 * streams they hold, and the redrive: back to the consumer's queue at a chosen rate, recorded as an operator's event.
 */
import type { Message } from '@aws-sdk/client-sqs';
import type { DeadLetter, HeldStream } from './contract/admin-ops.js';
import { consumers, type ConsumerSpec } from '../consumers.js';
import { DomainError, notFound } from '../platform/errors.js';
import { appendBlind, streamVersion, type AppendContext } from '../platform/event-store.js';
import { checkpointKey, getViews } from '../platform/views.js';
import { messagesWithin, pacer } from './pacing.js';
import { consumerQueueUrl, deadLetterQueueUrl, depthOf, moveBack, receiveHeld, release } from './queues.js';
import { failureKeyOf, failuresOf } from '../platform/telemetry.js';
import { retry } from '../platform/retry.js';

/** The manifest's consumer of that name, else a 404. */
function consumerNamed(name: string): ConsumerSpec {
  const consumer = consumers.find((c) => c.name === name);
  if (!consumer) throw notFound('CONSUMER_NOT_FOUND', `No consumer is named "${name}"`);
  return consumer;
}

/** Long enough to read and answer; released at once after. */
const READ_HOLD_SECONDS = 20;
/** A redrive request moves what fits in this time at its rate, well inside the HTTP function's 10 s; the rest waits for the next request. */
const REDRIVE_BUDGET_MS = 6_000;

interface Carried {
  type?: unknown;
  streamId?: unknown;
  version?: unknown;
  meta?: { eventId?: unknown };
}

function carried(message: Message): Carried {
  try {
    const body: unknown = JSON.parse(message.Body ?? '');
    return body && typeof body === 'object' ? body : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const isoOf = (millis: string | undefined) => (millis ? new Date(Number(millis)).toISOString() : null);

async function describe(consumer: ConsumerSpec, messages: Message[]): Promise<DeadLetter[]> {
  const failures = await failuresOf(
    consumer.name,
    messages.map((m) => failureKeyOf({ body: m.Body ?? '', messageId: m.MessageId! })),
  );
  return messages.map((m) => {
    const body = carried(m);
    const failure = failures.get(failureKeyOf({ body: m.Body ?? '', messageId: m.MessageId! }));
    return {
      messageId: m.MessageId!,
      eventType: text(body.type),
      streamId: text(body.streamId),
      version: typeof body.version === 'number' ? body.version : null,
      eventId: text(body.meta?.eventId),
      receiveCount: failure?.attempt ?? Number(m.Attributes?.ApproximateReceiveCount ?? 0),
      error: failure?.error ?? null,
      failedAt: failure?.at ?? null,
      sentAt: isoOf(m.Attributes?.SentTimestamp),
    };
  });
}

/**
 * The projector's streams held by a parked event: each stream's first parked version beside the projector's checkpoint
 * and the stream's head in the log (the events waiting behind it, parked or queued).
 */
async function heldStreams(consumer: ConsumerSpec, letters: DeadLetter[]): Promise<HeldStream[]> {
  if (consumer.kind !== 'projector') return [];
  const first = new Map<string, DeadLetter>();
  for (const letter of letters) {
    if (!letter.streamId || letter.version === null) continue;
    const known = first.get(letter.streamId);
    if (!known || known.version! > letter.version) first.set(letter.streamId, letter);
  }
  const streams = [...first.keys()];
  const [checkpoints, heads] = await Promise.all([
    getViews<{ pk: string; version?: number }>(streams.map((s) => checkpointKey(consumer.name, s))),
    Promise.all(streams.map(streamVersion)),
  ]);
  const applied = new Map(checkpoints.map((c) => [c.pk, Number(c.version ?? 0)]));
  return streams.map((streamId, i) => {
    const letter = first.get(streamId)!;
    return {
      streamId,
      appliedVersion: applied.get(checkpointKey(consumer.name, streamId).pk) ?? 0,
      heldBy: letter.messageId,
      heldVersion: letter.version!,
      waitingBehind: Math.max(0, heads[i] - letter.version!),
    };
  });
}

export async function listDeadLetters(name: string) {
  const consumer = consumerNamed(name);
  const url = await deadLetterQueueUrl(consumer);
  const held = await receiveHeld(url, READ_HOLD_SECONDS);
  try {
    const [depth, messages] = await Promise.all([depthOf(url), describe(consumer, held)]);
    return {
      consumer: consumer.name,
      depth: depth.visible + depth.inFlight + depth.delayed,
      messages,
      heldStreams: await heldStreams(consumer, messages),
    };
  } finally {
    await release(url, held);
  }
}

/** The age in seconds of a DLQ's oldest message (of those read), null when it is empty. */
export async function oldestDeadLetterAgeSeconds(consumer: ConsumerSpec, now: Date): Promise<number | null> {
  const url = await deadLetterQueueUrl(consumer);
  const held = await receiveHeld(url, READ_HOLD_SECONDS);
  await release(url, held);
  const sent = held.map((m) => Number(m.Attributes?.SentTimestamp)).filter((s) => s > 0);
  return sent.length ? Math.max(0, (now.getTime() - Math.min(...sent)) / 1000) : null;
}

/** Looks again for chosen letters another reader holds: 4 × 500 ms, inside the request's time with the redrive's budget. */
const HELD_ELSEWHERE_LOOKS = 4;
const HELD_ELSEWHERE_WAIT_MS = 500;
const DEAD_LETTER_NOT_FOUND = 'DEAD_LETTER_NOT_FOUND';

/** The chosen ids that are not among the messages held. */
const missingOf = (held: Message[], ids: string[]) => {
  const shown = new Set(held.map((m) => m.MessageId));
  return ids.filter((id) => !shown.has(id));
};

interface RedriveRequest {
  ids: string[] | 'all';
  ratePerSecond: number;
  dryRun: boolean;
}

/**
 * Moves the chosen dead letters back to the consumer's queue, at the chosen rate, as many as fit in one request's time.
 * A stream's parked messages go back in their order: a FIFO queue hands out a stream's next message only once the one
 * before it is gone, so 'all' receives again after each move. Chosen ids must be among the messages the list shows
 * (each stream's first), else nothing moves and the answer is a 404. A dry run counts. What moved is recorded as
 * `DeadLettersRedriven`, the operator its actor.
 */
export async function redrive(name: string, request: RedriveRequest, context: AppendContext) {
  const consumer = consumerNamed(name);
  const [from, to] = await Promise.all([deadLetterQueueUrl(consumer), consumerQueueUrl(consumer)]);
  const holdSeconds = Math.ceil(REDRIVE_BUDGET_MS / 1000) + 10;
  let held = await receiveHeld(from, holdSeconds);
  const moved: string[] = [];
  let count: number;
  try {
    if (request.ids === 'all') {
      const depth = await depthOf(from);
      count = depth.visible + depth.inFlight + depth.delayed;
    } else {
      // Another reader (the console's list refreshing, the overview's oldest-letter age) holds what it reads for as long
      // as it takes to answer: a chosen letter missing may be held there for a moment, so look again before a 404.
      const ids = request.ids;
      const look = async (attempt: number) => {
        if (attempt > 1) held = await receiveHeld(from, holdSeconds);
        const missing = missingOf(held, ids);
        if (missing.length === 0) return;
        await release(from, held);
        held = [];
        throw notFound(DEAD_LETTER_NOT_FOUND, `${consumer.name} has no dead letter ${missing.join(', ')}`);
      };
      await retry(look, {
        attempts: 1 + HELD_ELSEWHERE_LOOKS,
        retryOn: (error) => error instanceof DomainError && error.code === DEAD_LETTER_NOT_FOUND,
        delayMs: () => HELD_ELSEWHERE_WAIT_MS,
      });
      count = new Set(request.ids).size;
    }
    if (!request.dryRun) {
      const wanted = request.ids === 'all' ? undefined : new Set(request.ids);
      const pace = pacer(request.ratePerSecond);
      const most = messagesWithin(request.ratePerSecond, REDRIVE_BUDGET_MS);
      while (moved.length < most) {
        const next = held.filter((m) => !wanted || wanted.has(m.MessageId!)).slice(0, most - moved.length);
        if (next.length === 0) break;
        for (const message of next) {
          await pace.next();
          await moveBack(from, to, message);
          moved.push(message.MessageId!);
        }
        if (wanted) break;
        // What was held behind the moved ones (their streams' next messages) is handed out now.
        const done = new Set(moved);
        await release(
          from,
          held.filter((m) => !done.has(m.MessageId!)),
        );
        held = await receiveHeld(from, holdSeconds);
      }
      if (moved.length)
        await appendBlind(
          `ops#dead-letters#${consumer.name}`,
          [{ type: 'DeadLettersRedriven', data: { consumer: consumer.name, messageIds: moved, ratePerSecond: request.ratePerSecond } }],
          context,
        );
    }
  } finally {
    const done = new Set(moved);
    await release(
      from,
      held.filter((m) => !done.has(m.MessageId!)),
    );
  }
  return { dryRun: request.dryRun, count, moved: moved.length, remaining: request.dryRun ? count : Math.max(0, count - moved.length) };
}
