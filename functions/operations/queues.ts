/**
 * The consumers' queues as the sync manager reads and moves them, through the SQS API only (the same calls run against
 * the local cloud and AWS): depths, and a DLQ's messages received and held for a while, then released or moved.
 */
import { randomUUID } from 'node:crypto';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type Message,
} from '@aws-sdk/client-sqs';
import { dlqName, queueName, type ConsumerSpec } from '../consumers.js';
import { queueUrl, sqsClient } from '../platform/aws.js';
import { env } from '../platform/env.js';

export const consumerQueueUrl = (consumer: Pick<ConsumerSpec, 'name'>) => queueUrl(queueName(env().QUEUE_PREFIX, consumer));
export const deadLetterQueueUrl = (consumer: Pick<ConsumerSpec, 'name'>) => queueUrl(dlqName(env().QUEUE_PREFIX, consumer));

interface Depth {
  visible: number;
  inFlight: number;
  delayed: number;
}

export async function depthOf(url: string): Promise<Depth> {
  const out = await sqsClient().send(
    new GetQueueAttributesCommand({
      QueueUrl: url,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
    }),
  );
  const a = out.Attributes ?? {};
  return {
    visible: Number(a.ApproximateNumberOfMessages ?? 0),
    inFlight: Number(a.ApproximateNumberOfMessagesNotVisible ?? 0),
    delayed: Number(a.ApproximateNumberOfMessagesDelayed ?? 0),
  };
}

/** At most this many dead letters are read at once (ten receives). */
const DEAD_LETTER_READ_LIMIT = 100;

/**
 * Receives a DLQ's messages and holds them for `holdSeconds`, oldest group first. A FIFO queue hands out no more of a
 * message group while some of it is held, so a group shows at most ten messages (one receive's worth) at a time.
 */
export async function receiveHeld(url: string, holdSeconds: number, limit = DEAD_LETTER_READ_LIMIT): Promise<Message[]> {
  const held: Message[] = [];
  while (held.length < limit) {
    const out = await sqsClient().send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: Math.min(10, limit - held.length),
        VisibilityTimeout: holdSeconds,
        WaitTimeSeconds: 0,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    const messages = out.Messages ?? [];
    if (messages.length === 0) break;
    held.push(...messages);
  }
  return held;
}

/** Makes held messages visible again at once. */
export async function release(url: string, messages: Message[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 10) {
    await sqsClient().send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: url,
        Entries: messages.slice(i, i + 10).map((m, n) => ({ Id: String(n), ReceiptHandle: m.ReceiptHandle!, VisibilityTimeout: 0 })),
      }),
    );
  }
}

/**
 * Moves one held message from a DLQ back to its queue: send (same body, same message group, so its stream keeps its
 * order; a fresh deduplication id, or the queue would drop it as a copy of its first delivery), then delete.
 */
export async function moveBack(from: string, to: string, message: Message): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: to,
      MessageBody: message.Body!,
      MessageGroupId: message.Attributes?.MessageGroupId ?? message.MessageId!,
      MessageDeduplicationId: `redrive-${randomUUID()}`,
      MessageAttributes: message.MessageAttributes,
    }),
  );
  await sqsClient().send(new DeleteMessageCommand({ QueueUrl: from, ReceiptHandle: message.ReceiptHandle! }));
}
