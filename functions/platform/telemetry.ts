/**
 * What the consumer runners record for the sync manager, in `ephemeral` (both expire on their own): per consumer and
 * minute, how many records it processed and failed and how long they had waited (one UpdateItem per batch, none per
 * record); and per failed attempt, the error, keyed by the record's event id, so a dead letter shows why it died (SQS
 * adds no attribute when it moves a message to the DLQ).
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './aws.js';
import { batchGetItems } from './batch-get.js';
import { env } from './env.js';
import { recordConsumerLag } from './metrics.js';
import { errorText, recordRecentError, type ErrorServing, type ErrorSubject } from './recent-errors.js';

/** Kept for the chart's hour and a margin. */
const MINUTE_KEEP_SECONDS = 24 * 3600;
/** As long as a DLQ keeps its messages (14 days). */
const FAILURE_KEEP_SECONDS = 14 * 24 * 3600;

const minutePartition = (consumer: string) => `ops-minute#${consumer}`;
const failurePartition = (consumer: string) => `ops-failure#${consumer}`;
/** `2026-11-27T09:05`: the minute of a time, sortable. */
export const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

/** The fields of a message's body the telemetry reads: a relayed event's stream, version and meta, or a job's own correlation id. */
function metaOf(body: string): { eventId?: string; at?: string; correlationId?: string; subject?: ErrorSubject } {
  try {
    const parsed = JSON.parse(body) as { meta?: Record<string, unknown>; correlationId?: unknown; streamId?: unknown; version?: unknown };
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const stream = text(parsed.streamId);
    return {
      eventId: text(parsed.meta?.eventId),
      at: text(parsed.meta?.at),
      correlationId: text(parsed.meta?.correlationId) ?? text(parsed.correlationId),
      subject: stream !== undefined && typeof parsed.version === 'number' ? { stream, version: parsed.version } : undefined,
    };
  } catch {
    return {};
  }
}

/** A record's key among its consumer's failures: the event id of a relayed event, else (a mail job) the message id. */
export const failureKeyOf = (record: Pick<SQSRecord, 'body' | 'messageId'>): string => metaOf(record.body).eventId ?? record.messageId;

/** The correlation id of the request that appended a record's event (or sent its job): what its lines carry. */
export const correlationIdOf = (record: Pick<SQSRecord, 'body'>): string | undefined => metaOf(record.body).correlationId;

/** When a record's event was appended (`meta.at`), else (a job) when the message was sent to the queue. */
function appendedAtOf(record: SQSRecord): number {
  const at = Date.parse(metaOf(record.body).at ?? '');
  return Number.isNaN(at) ? Number(record.attributes.SentTimestamp) || Date.now() : at;
}

/** Records a failed attempt: the last error wins, so a dead letter shows the error of its last try. */
async function recordFailure(consumer: string, record: SQSRecord, error: unknown, now = new Date()): Promise<void> {
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: {
        pk: failurePartition(consumer),
        sk: failureKeyOf(record),
        messageId: record.messageId,
        error: errorText(error),
        attempt: Number(record.attributes.ApproximateReceiveCount) || 1,
        at: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + FAILURE_KEEP_SECONDS,
      },
    }),
  );
}

/** Adds a batch to its minute: processed and failed records, their summed wait since sent, and the oldest send time. */
async function countBatch(consumer: string, records: SQSRecord[], response: SQSBatchResponse, now = new Date()): Promise<void> {
  if (records.length === 0) return;
  const sent = records.map((r) => Number(r.attributes.SentTimestamp) || now.getTime());
  const failed = response.batchItemFailures.length;
  await dynamoClient().send(
    new UpdateCommand({
      TableName: env().TABLE_EPHEMERAL,
      Key: { pk: minutePartition(consumer), sk: minuteOf(now) },
      UpdateExpression: 'ADD #processed :p, #failed :f, waitMs :w SET oldestSentAt = :o, lastAt = :now, expiresAt = :x',
      ExpressionAttributeNames: { '#processed': 'processed', '#failed': 'failed' },
      ExpressionAttributeValues: {
        ':p': records.length - failed,
        ':f': failed,
        ':w': sent.reduce((sum, s) => sum + Math.max(0, now.getTime() - s), 0),
        ':o': Math.min(...sent),
        ':now': now.getTime(),
        ':x': Math.floor(now.getTime() / 1000) + MINUTE_KEEP_SECONDS,
      },
    }),
  );
}

/** Where the telemetry writes: `ephemeral` in the app; a unit test that runs a consumer on memory views passes its own. */
export interface OpsRecorder {
  failure(consumer: string, record: SQSRecord, error: unknown, serving: ErrorServing): Promise<void>;
  batch(consumer: string, records: SQSRecord[], response: SQSBatchResponse): Promise<void>;
}

const dynamoOpsRecorder: OpsRecorder = {
  failure: async (consumer, record, error, serving) => {
    await Promise.all([recordFailure(consumer, record, error), recordRecentError(consumer, error, serving)]);
  },
  batch: countBatch,
};

/**
 * Wraps a consumer's record handler and batch: a failed attempt is logged and recorded (with the stream and version of
 * its event) before it is thrown on, and the batch is counted. Telemetry never fails the work: its own failures are
 * logged. A handler that tries a record more than once in a batch wraps it with `attempt` and reports only its last
 * failure with `failed`.
 */
export function withTelemetry(consumer: string, logger: Logger, recorder: OpsRecorder = dynamoOpsRecorder) {
  const quietly = async (what: string, write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      logger.warn(`ops telemetry: ${what} not recorded`, { error: errorText(error) });
    }
  };
  // The line and the latest error carry the correlation id of the request that appended the record's event.
  const failed = async (record: SQSRecord, error: unknown) => {
    const { subject, correlationId } = metaOf(record.body);
    logger.warn('record failed', { correlationId, consumer, ...subject, messageId: record.messageId, error: errorText(error) });
    await quietly('failure', () => recorder.failure(consumer, record, error, { correlationId, subject }));
  };
  return {
    failed,
    recordHandler:
      <T>(handle: (record: SQSRecord) => Promise<T>) =>
      async (record: SQSRecord): Promise<T> => {
        try {
          return await handle(record);
        } catch (error) {
          await failed(record, error);
          throw error;
        }
      },
    countBatch: (records: SQSRecord[], response: SQSBatchResponse) =>
      quietly('batch', async () => {
        recordConsumerLag(consumer, records.map(appendedAtOf));
        await recorder.batch(consumer, records, response);
      }),
  };
}

export interface ConsumerMinute {
  minute: string;
  processed: number;
  failed: number;
  waitMs: number;
  oldestSentAt: number;
  lastAt: number;
}

const toMinute = (item: Record<string, unknown>): ConsumerMinute => ({
  minute: item.sk as string,
  processed: Number(item.processed ?? 0),
  failed: Number(item.failed ?? 0),
  waitMs: Number(item.waitMs ?? 0),
  oldestSentAt: Number(item.oldestSentAt ?? 0),
  lastAt: Number(item.lastAt ?? 0),
});

/** A consumer's minutes from `since` on, oldest first. */
export async function minutesSince(consumer: string, since: Date): Promise<ConsumerMinute[]> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: env().TABLE_EPHEMERAL,
      KeyConditionExpression: 'pk = :pk AND sk >= :since',
      ExpressionAttributeValues: { ':pk': minutePartition(consumer), ':since': minuteOf(since) },
    }),
  );
  return (out.Items ?? []).map(toMinute);
}

/** A consumer's latest minute with any batch, however long ago (within the items' keep). */
export async function latestMinute(consumer: string): Promise<ConsumerMinute | undefined> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: env().TABLE_EPHEMERAL,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': minutePartition(consumer) },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? toMinute(item) : undefined;
}

interface RecordedFailure {
  key: string;
  messageId: string;
  error: string;
  attempt: number;
  at: string;
}

/** The recorded failures of a consumer's records, by failure key (failureKeyOf). */
export async function failuresOf(consumer: string, keys: string[]): Promise<Map<string, RecordedFailure>> {
  const found = new Map<string, RecordedFailure>();
  const table = env().TABLE_EPHEMERAL;
  const items = await batchGetItems([...new Set(keys)].map((sk) => ({ table, key: { pk: failurePartition(consumer), sk } })));
  for (const item of items)
    found.set(item.sk as string, {
      key: item.sk as string,
      messageId: item.messageId as string,
      error: item.error as string,
      attempt: Number(item.attempt ?? 0),
      at: item.at as string,
    });
  return found;
}
