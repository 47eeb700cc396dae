/**
 * SQS FIFO consumer Lambdas that react to messages with commands or side effects (view writes are
 * projections instead: functions/platform/consumer.ts). Each record is handled alone; a failure fails only
 * its record and the rest of its message group (keeping a stream's order), to be retried, then
 * dead-lettered.
 */
import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { DomainEvent } from '../../events/index.js';
import { consumers } from '../consumers.js';
import { queueUrl, sqsClient } from './aws.js';
import { readEvent } from './event-store.js';
import { processFifoBatch } from './fifo-batch.js';
import { correlationIdOf, withTelemetry, type OpsRecorder } from './telemetry.js';
import { correlatedLogger, createLogger, withLambdaContext } from './log.js';
import { EffectInProgressError } from './once.js';
import { withSecrets } from './secrets.js';

/** Which delivery of its message a handler is running: the last one is followed by the DLQ, not by another try. */
export interface Delivery {
  attempt: number;
  last: boolean;
}

/** The delivery of `record` for the consumer `name`, from its receive count and the manifest's maxReceiveCount. */
export function deliveryOf(name: string, record: Pick<SQSRecord, 'attributes'>): Delivery {
  const attempt = Number(record.attributes.ApproximateReceiveCount) || 1;
  const maxReceiveCount = consumers.find((c) => c.name === name)?.maxReceiveCount ?? Number.POSITIVE_INFINITY;
  return { attempt, last: attempt >= maxReceiveCount };
}

/**
 * Runs `work`; a failure is thrown (for another try) except on the last delivery, where `giveUp` answers it instead,
 * for work whose failure must be recorded rather than left in the DLQ with nothing to show for it.
 */
export async function giveUpOnLastTry<T>(delivery: Delivery, work: () => Promise<T>, giveUp: (error: unknown) => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!delivery.last) throw error;
    return giveUp(error);
  }
}

/**
 * Keeps a failed record out of sight for `seconds` rather than the queue's visibility timeout. For an effect claimed by
 * a delivery that crashed (`once`): its tries would otherwise be spent, and the message dead-lettered, before the
 * claim's lease runs out and a try may take it over. Best effort: if it fails, the record comes back as usual.
 */
async function retryNoSoonerThan(record: SQSRecord, seconds: number, logger: Logger): Promise<void> {
  const queueName = record.eventSourceARN.split(':').at(-1)!;
  try {
    await sqsClient().send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: await queueUrl(queueName),
        ReceiptHandle: record.receiptHandle,
        VisibilityTimeout: Math.min(seconds, 12 * 3600),
      }),
    );
  } catch (error) {
    logger.warn('could not delay the retry of a record whose effect is claimed', { messageId: record.messageId, error });
  }
}

/**
 * Takes a whole batch at once: `batch` does for every record what the records' own handler does for each. When it
 * throws, the records go one by one as usual, each failing alone (so the batch's work must be safe to do again).
 */
type BatchHandler = (records: SQSRecord[], logger: Logger) => Promise<void>;

/** A consumer of JSON messages of any kind. */
export function queueConsumer(
  name: string,
  handle: (body: unknown, logger: Logger, delivery: Delivery) => Promise<void>,
  batch?: BatchHandler,
  recorder?: OpsRecorder,
) {
  const logger = createLogger(name);
  const telemetry = withTelemetry(name, logger, recorder);
  const recordHandler = telemetry.recordHandler(async (record: SQSRecord) => {
    // The record's lines carry the correlation id of the request that appended its event (or sent its job).
    const recordLogger = correlatedLogger(logger, correlationIdOf(record));
    try {
      await handle(JSON.parse(record.body), recordLogger, deliveryOf(name, record));
    } catch (error) {
      if (error instanceof EffectInProgressError) await retryNoSoonerThan(record, error.retryAfterSeconds, recordLogger);
      throw error;
    }
  });
  const together = async (event: SQSEvent): Promise<SQSBatchResponse | null> => {
    if (!batch || event.Records.length < 2) return null;
    try {
      await batch(event.Records, logger);
      return { batchItemFailures: [] };
    } catch (error) {
      logger.debug('batch not taken at once; one record at a time', { error: String(error) });
      return null;
    }
  };
  return withSecrets(
    withLambdaContext(logger, async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
      const response = (await together(event)) ?? (await processFifoBatch(event, recordHandler, context));
      await telemetry.countBatch(event.Records, response);
      if (response.batchItemFailures.length)
        logger.warn('records failed', { failed: response.batchItemFailures.length, of: event.Records.length });
      return response;
    }),
  );
}

/** A consumer of relayed events; `batch` takes a batch's events at once (see BatchHandler). */
export function reactorConsumer(
  name: string,
  react: (event: DomainEvent, logger: Logger, delivery: Delivery) => Promise<void>,
  options: { batch?: (events: DomainEvent[], logger: Logger) => Promise<void> } = {},
) {
  const { batch } = options;
  return queueConsumer(
    name,
    async (body, logger, delivery) => {
      const event = await readEvent(body);
      await react(event, logger, delivery);
      logger.debug('reacted', { streamId: event.streamId, version: event.version, type: event.type });
    },
    batch &&
      (async (records, logger) => {
        const events = await Promise.all(records.map((record) => readEvent(JSON.parse(record.body))));
        await batch(events, logger);
        logger.debug('reacted to a batch', { events: events.length });
      }),
  );
}
