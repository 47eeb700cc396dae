/**
 * Stands in for the Lambda SQS event-source mapping with ReportBatchItemFailures: long-polls a
 * consumer's FIFO queue, hands the batch to the consumer as an SQSEvent, deletes what succeeded and
 * leaves the failures in flight, so their visibility expires and SQS redelivers them, then moves
 * them to the DLQ after maxReceiveCount (fauxqs applies the queue's RedrivePolicy on receive).
 *
 * Locally the queues' visibility timeout is a few seconds, so that failures come back quickly; in AWS it outlasts the
 * function's timeout. So that a batch still being handled on a busy machine is not received again meanwhile (spending
 * its messages' receives towards the DLQ while nothing failed), the trigger keeps the batch in flight while it runs.
 */
import { randomUUID } from 'node:crypto';
import type { Message } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import type { QueueAccess } from './fauxqs-local.js';
import { lambdaContext, type QueueHandler } from './handlers.js';
import { errorMessage, sleep, throttledError, type Log } from './util.js';

export interface TriggerTarget {
  consumer: string;
  queueUrl: string;
  queueArn: string;
  /** The queue's visibility timeout: a batch being handled is kept in flight this long again every half of it. */
  visibilityTimeoutSeconds: number;
  /** For at most this long, the visibility timeout the consumer has in AWS: a batch running longer is received again there too. */
  keepInFlightSeconds: number;
  batchSize: number;
  loadHandler: () => Promise<QueueHandler>;
}

export interface SqsTriggerOptions {
  /** The queues, as Lambda's event-source mapping reads them: from inside, not through the public API. */
  queues: QueueAccess;
  region: string;
  targets: TriggerTarget[];
  log: Log;
  /**
   * Long-poll wait. A message that arrives ends the wait at once, and stop() aborts it; a long wait keeps the ~26
   * idle pollers from asking every second (at 1 s they made two thirds of all receives under load).
   */
  waitTimeSeconds?: number;
  /** Concurrent pollers per queue (FIFO groups keep per-stream order across them). */
  concurrency?: number;
  /** Called after each batch a consumer has handled, with the consumer's name. */
  handled?: (consumer: string) => void;
}

export interface SqsTrigger {
  stop(): Promise<void>;
  /** True when no consumer queue holds a visible, delayed or in-flight message and no batch is running. */
  idle(): Promise<boolean>;
  stats(): Record<string, { invocations: number; messages: number; failed: number }>;
}

export function startSqsTrigger(opts: SqsTriggerOptions): SqsTrigger {
  const abort = new AbortController();
  const reportError = throttledError(opts.log);
  const waitTimeSeconds = opts.waitTimeSeconds ?? 10;
  const counters: Record<string, { invocations: number; messages: number; failed: number }> = {};
  let running = 0;

  async function loop(target: TriggerTarget) {
    let failures = 0;
    while (!abort.signal.aborted) {
      let handler: QueueHandler;
      try {
        handler = await target.loadHandler();
      } catch (err) {
        // Without a handler nothing is received, so no receive count is spent on a missing module.
        reportError(
          `load:${target.consumer}`,
          `sqs trigger: cannot load consumer ${target.consumer}; its queue waits: ${errorMessage(err)}`,
        );
        await sleep(1_000, abort.signal);
        continue;
      }
      let messages: Message[];
      try {
        const out = await opts.queues.receive({
          QueueUrl: target.queueUrl,
          MaxNumberOfMessages: Math.min(10, target.batchSize),
          WaitTimeSeconds: waitTimeSeconds,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        });
        if (abort.signal.aborted) {
          // Stopping: what was just received is left in flight and comes back after its visibility timeout.
          return;
        }
        messages = out.Messages ?? [];
        failures = 0;
      } catch (err) {
        if (abort.signal.aborted) return;
        failures++;
        reportError(`receive:${target.consumer}`, `sqs trigger: receive from ${target.consumer} failed: ${errorMessage(err)}`);
        await sleep(Math.min(2_000, 100 * 2 ** failures), abort.signal);
        continue;
      }
      if (messages.length === 0) continue;
      running++;
      try {
        await handleBatch(target, handler, messages);
      } finally {
        running--;
        opts.handled?.(target.consumer);
      }
    }
  }

  async function handleBatch(target: TriggerTarget, handler: QueueHandler, messages: Message[]) {
    const stats = (counters[target.consumer] ??= { invocations: 0, messages: 0, failed: 0 });
    const event: SQSEvent = { Records: messages.map((m) => toLambdaRecord(m, target.queueArn, opts.region)) };
    const ids = new Set(messages.map((m) => m.MessageId!));
    let failedIds: Set<string>;
    stats.invocations++;
    const inFlight = keepInFlight(target, messages);
    try {
      const result = await handler(event, lambdaContext(target.consumer, randomUUID(), opts.region));
      const failures = result && typeof result === 'object' && Array.isArray(result.batchItemFailures) ? result.batchItemFailures : [];
      // As in Lambda: an identifier that is empty or not in the batch fails the whole batch.
      const bad = failures.some((f) => !f || typeof f.itemIdentifier !== 'string' || !ids.has(f.itemIdentifier));
      failedIds = bad ? new Set(ids) : new Set(failures.map((f) => f.itemIdentifier));
      if (bad)
        reportError(
          `bad:${target.consumer}`,
          `sqs trigger: ${target.consumer} returned an unknown itemIdentifier; the whole batch is retried`,
        );
    } catch (err) {
      reportError(`throw:${target.consumer}`, `sqs trigger: ${target.consumer} threw; its batch of ${messages.length} is retried`, err);
      failedIds = new Set(ids);
    } finally {
      clearInterval(inFlight);
    }
    stats.messages += messages.length - failedIds.size;
    stats.failed += failedIds.size;
    const done = messages.filter((m) => !failedIds.has(m.MessageId!));
    for (let i = 0; i < done.length; i += 10) {
      const chunk = done.slice(i, i + 10);
      try {
        await opts.queues.deleteBatch({
          QueueUrl: target.queueUrl,
          Entries: chunk.map((m, n) => ({ Id: String(n), ReceiptHandle: m.ReceiptHandle! })),
        });
      } catch (err) {
        // The messages come back after their visibility timeout; consumers are idempotent.
        reportError(`delete:${target.consumer}`, `sqs trigger: delete on ${target.consumer} failed: ${errorMessage(err)}`);
      }
    }
    // Failed messages are left alone: visibility expires, SQS redelivers, and the redrive policy
    // sends them to the DLQ after maxReceiveCount receives.
  }

  /**
   * Extends the batch's visibility every half timeout until cleared or AWS's timeout is up; a failed extension is the
   * timeout's to settle.
   */
  function keepInFlight(target: TriggerTarget, messages: Message[]): NodeJS.Timeout {
    const seconds = target.visibilityTimeoutSeconds;
    const until = Date.now() + target.keepInFlightSeconds * 1000;
    const timer = setInterval(
      () => {
        if (Date.now() + seconds * 1000 > until) {
          clearInterval(timer);
          return;
        }
        opts.queues
          .changeVisibilityBatch({
            QueueUrl: target.queueUrl,
            Entries: messages.map((m, n) => ({ Id: String(n), ReceiptHandle: m.ReceiptHandle!, VisibilityTimeout: seconds })),
          })
          .catch((err: unknown) =>
            reportError(
              `visibility:${target.consumer}`,
              `sqs trigger: keeping ${target.consumer}'s batch in flight failed: ${errorMessage(err)}`,
            ),
          );
      },
      (seconds * 1000) / 2,
    );
    timer.unref();
    return timer;
  }

  const loops = opts.targets.flatMap((target) => Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, () => loop(target)));

  return {
    async stop() {
      abort.abort();
      opts.queues.wakeAll();
      await Promise.allSettled(loops);
    },
    async idle() {
      if (running > 0) return false;
      for (const target of opts.targets) {
        const out = await opts.queues.attributes({
          QueueUrl: target.queueUrl,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
        });
        const a = out.Attributes ?? {};
        const pending =
          Number(a.ApproximateNumberOfMessages ?? 0) +
          Number(a.ApproximateNumberOfMessagesNotVisible ?? 0) +
          Number(a.ApproximateNumberOfMessagesDelayed ?? 0);
        if (pending > 0) return false;
      }
      return running === 0;
    },
    stats: () => structuredClone(counters),
  };
}

function toLambdaRecord(m: Message, queueArn: string, region: string): SQSRecord {
  const a = m.Attributes ?? {};
  const attributes: SQSRecord['attributes'] = {
    ApproximateReceiveCount: a.ApproximateReceiveCount ?? '1',
    SentTimestamp: a.SentTimestamp ?? String(Date.now()),
    SenderId: a.SenderId ?? '000000000000',
    ApproximateFirstReceiveTimestamp: a.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
  };
  if (a.SequenceNumber) attributes.SequenceNumber = a.SequenceNumber;
  if (a.MessageGroupId) attributes.MessageGroupId = a.MessageGroupId;
  if (a.MessageDeduplicationId) attributes.MessageDeduplicationId = a.MessageDeduplicationId;
  const messageAttributes: SQSMessageAttributes = {};
  for (const [name, v] of Object.entries(m.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: v.DataType ?? 'String',
      stringValue: v.StringValue,
      binaryValue: v.BinaryValue ? base64(v.BinaryValue) : undefined,
      stringListValues: v.StringListValues ?? [],
      binaryListValues: (v.BinaryListValues ?? []).map(base64),
    };
  }
  return {
    messageId: m.MessageId!,
    receiptHandle: m.ReceiptHandle!,
    body: m.Body ?? '',
    attributes,
    messageAttributes,
    md5OfBody: m.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  };
}

/** A binary attribute as Lambda gives it: base64 (the queue's JSON answer holds it as base64 already). */
const base64 = (value: Uint8Array | string) => (typeof value === 'string' ? value : Buffer.from(value).toString('base64'));
