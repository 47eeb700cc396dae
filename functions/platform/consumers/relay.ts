/**
 * The relay: DynamoDB Stream of `events` → the SQS FIFO queue of every consumer that takes the event
 * (functions/consumers.ts: reactors by type, projectors by stream category). MessageGroupId = stream id keeps each stream in order;
 * the deduplication id = stream id + version makes a repeated relay harmless.
 */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { consumersOf, queueName } from '../../consumers.js';
import { queueUrl, sqsClient } from '../aws.js';
import { env } from '../env.js';
import { createLogger } from '../log.js';

const logger = createLogger('relay');
interface Outgoing {
  sequenceNumber: string;
  streamId: string;
  version: number;
  body: string;
}

/** A stored event's type, stream and version; undefined for the table's other items (reservations carry no event). */
function storedEvent(image: Record<string, unknown>): { type: string; streamId: string; version: number } | undefined {
  const { type, streamId, version } = image;
  return typeof type === 'string' && typeof streamId === 'string' && typeof version === 'number' ? { type, streamId, version } : undefined;
}

/** Which queues each stored event goes to. Pure. */
export function route(image: Record<string, unknown>, prefix: string): string[] {
  const event = storedEvent(image);
  return event ? consumersOf(event.type, event.streamId).map((c) => queueName(prefix, c)) : [];
}

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const byQueue = new Map<string, Outgoing[]>();
  const order: string[] = [];
  for (const record of event.Records) {
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
    order.push(sequenceNumber);
    if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) continue;
    const image = unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>);
    const event = storedEvent(image);
    if (!event) continue;
    for (const queue of route(image, env().QUEUE_PREFIX)) {
      const list = byQueue.get(queue) ?? [];
      list.push({ sequenceNumber, streamId: event.streamId, version: event.version, body: JSON.stringify(image) });
      byQueue.set(queue, list);
    }
  }

  // The first record any queue failed to take; it and everything after it are retried, in order.
  let firstFailure = Infinity;
  await Promise.all(
    [...byQueue].map(async ([queue, messages]) => {
      try {
        const url = await queueUrl(queue);
        for (let i = 0; i < messages.length; i += 10) {
          const chunk = messages.slice(i, i + 10);
          const out = await sqsClient().send(
            new SendMessageBatchCommand({
              QueueUrl: url,
              Entries: chunk.map((m, j) => ({
                Id: String(j),
                MessageBody: m.body,
                MessageGroupId: m.streamId,
                MessageDeduplicationId: `${m.streamId}:${m.version}`.replace(/[^\w!"#$%&'()*+,\-./:;<=>?@[\\\]^`{|}~]/g, '_').slice(0, 128),
              })),
            }),
          );
          const failed = (out.Failed ?? []).map((f) => Number(f.Id));
          if (failed.length) {
            logger.error('send failed', { queue, failed: out.Failed });
            firstFailure = Math.min(firstFailure, order.indexOf(chunk[Math.min(...failed)].sequenceNumber));
            return;
          }
        }
      } catch (error) {
        logger.error('relay failed', { queue, error: error as Error });
        firstFailure = Math.min(firstFailure, order.indexOf(messages[0].sequenceNumber));
      }
    }),
  );
  return {
    batchItemFailures: Number.isFinite(firstFailure) ? [{ itemIdentifier: order[firstFailure] }] : [],
  };
}
