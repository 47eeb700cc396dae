/**
 * A mail whose sending was cut off by a crash (its `once` claim left running) is neither mailed twice nor
 * dead-lettered: against the local cloud's DynamoDB and SQS, the consumer keeps the message out of sight until the
 * claim's lease runs out, rather than spending its tries on the claim in the queue's short visibility timeout.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  CreateQueueCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient, sqsClient } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { once, onceStatus } from '../../functions/platform/once.js';
import { queueConsumer } from '../../functions/platform/reactor.js';
import { useCloudEnv } from '../support/cloud.js';

beforeAll(() => useCloudEnv());

const queueDepth = async (url: string) => {
  const out = await sqsClient().send(
    new GetQueueAttributesCommand({
      QueueUrl: url,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return {
    visible: Number(out.Attributes?.ApproximateNumberOfMessages),
    inFlight: Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible),
  };
};

describe('an effect left claimed by a crash', () => {
  it('is retried once its lease runs out, its message kept out of sight until then, and runs once', async () => {
    const key = `test-crashed-mail#${randomUUID()}`;
    const now = Math.floor(Date.now() / 1000);
    // What a delivery killed in the middle of sending leaves behind: a running claim with 6 s of its lease left.
    await dynamoClient().send(
      new PutCommand({
        TableName: env().TABLE_EPHEMERAL,
        Item: { pk: `once#${key}`, sk: 'once', status: 'running', leaseUntil: now + 6, expiresAt: now + 3600 },
      }),
    );
    // A queue as the consumers' are locally (short visibility, few tries before the DLQ), only shorter still.
    const name = `test-once-${randomUUID().slice(0, 8)}`;
    const dlq = await sqsClient().send(new CreateQueueCommand({ QueueName: `${name}-dlq.fifo`, Attributes: { FifoQueue: 'true' } }));
    const arnOf = async (url: string | undefined) =>
      (await sqsClient().send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
    const { QueueUrl } = await sqsClient().send(
      new CreateQueueCommand({
        QueueName: `${name}.fifo`,
        Attributes: {
          FifoQueue: 'true',
          VisibilityTimeout: '1',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: await arnOf(dlq.QueueUrl), maxReceiveCount: 3 }),
        },
      }),
    );
    const queueArn = await arnOf(QueueUrl);
    await sqsClient().send(
      new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify({ key }), MessageGroupId: 'g', MessageDeduplicationId: key }),
    );
    let sent = 0;
    const consumer = queueConsumer('receipts', async (body) => {
      await once((body as { key: string }).key, () => Promise.resolve(void sent++));
    });
    const deliver = async () => {
      const { Messages = [] } = await sqsClient().send(
        new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 1, MessageSystemAttributeNames: ['All'] }),
      );
      if (Messages.length === 0) return undefined;
      const [m] = Messages;
      const record = {
        messageId: m.MessageId!,
        receiptHandle: m.ReceiptHandle!,
        body: m.Body!,
        attributes: { ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1', MessageGroupId: 'g' },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: queueArn,
        awsRegion: 'us-east-1',
      } as unknown as SQSRecord;
      return consumer({ Records: [record] });
    };

    // The first try finds the claim taken and fails; the message stays out of sight beyond the queue's 1 s.
    expect((await deliver())?.batchItemFailures).toHaveLength(1);
    expect(sent).toBe(0);
    const tries = [];
    for (let t = 0; t < 30 && sent === 0; t++) {
      await new Promise((r) => setTimeout(r, 500));
      const answer = await deliver();
      if (answer) tries.push(answer.batchItemFailures.length === 0 ? 'done' : 'failed');
    }
    // Once the lease has run out, the next try takes the claim over and the mail goes, once; no try was spent meanwhile.
    expect(tries).toEqual(['done']);
    expect(sent).toBe(1);
    expect(await onceStatus(key)).toBe('done');
    expect(await queueDepth(dlq.QueueUrl!)).toEqual({ visible: 0, inFlight: 0 });
    for (const url of [QueueUrl, dlq.QueueUrl]) await sqsClient().send(new DeleteQueueCommand({ QueueUrl: url }));
  });
});
