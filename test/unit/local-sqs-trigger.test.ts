/**
 * The local stand-in for Lambda's SQS event-source mapping, against fauxqs: a batch that outlasts the queue's short
 * local visibility timeout is handled once, not received again meanwhile, and a batch that fails still comes back
 * and reaches the DLQ after maxReceiveCount.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureQueues, startFauxqsLocal, type CreatedQueue, type Fauxqs } from '../../infra/local/fauxqs-local.js';
import type { QueueHandler } from '../../infra/local/handlers.js';
import { startSqsTrigger } from '../../infra/local/sqs-trigger.js';
import { makeLog } from '../../infra/local/util.js';

const region = 'us-east-1';
const VISIBILITY_SECONDS = 1;
const MAX_RECEIVES = 2;
const s3Dir = mkdtempSync(join(tmpdir(), 'toko-sqs-trigger-'));
let fauxqs: Fauxqs;
let sqs: SQSClient;

beforeAll(async () => {
  fauxqs = await startFauxqsLocal({ s3Dir });
  sqs = new SQSClient({ endpoint: fauxqs.endpoint, region, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
});
afterAll(async () => {
  sqs?.destroy();
  await fauxqs?.stop();
  rmSync(s3Dir, { recursive: true, force: true });
});

async function queue(name: string): Promise<CreatedQueue> {
  const [created] = await ensureQueues(
    { endpoint: fauxqs.endpoint, region, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } },
    [{ name: `${name}.fifo`, dlqName: `${name}-dlq.fifo`, maxReceiveCount: MAX_RECEIVES, visibilityTimeoutSeconds: VISIBILITY_SECONDS }],
  );
  await sqs.send(new SendMessageCommand({ QueueUrl: created.url, MessageBody: '{}', MessageGroupId: 'g', MessageDeduplicationId: name }));
  return created;
}

const depth = async (url: string) => {
  const { Attributes: a = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: url,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(a.ApproximateNumberOfMessages) + Number(a.ApproximateNumberOfMessagesNotVisible);
};

/** Runs a trigger of two pollers over `created` until `done` says so (or 15 s pass); answers how often the handler ran. */
async function run(created: CreatedQueue, handler: QueueHandler, done: () => Promise<boolean>): Promise<number> {
  let invocations = 0;
  const trigger = startSqsTrigger({
    queues: fauxqs.queues,
    region,
    log: makeLog(true),
    waitTimeSeconds: 1,
    concurrency: 2,
    targets: [
      {
        consumer: 'slow',
        queueUrl: created.url,
        queueArn: created.arn,
        visibilityTimeoutSeconds: created.visibilityTimeoutSeconds,
        keepInFlightSeconds: 30,
        batchSize: 10,
        loadHandler: () =>
          Promise.resolve((event, context) => {
            invocations++;
            return handler(event, context);
          }),
      },
    ],
  });
  try {
    for (const until = Date.now() + 15_000; Date.now() < until && !(await done());) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await trigger.stop();
  }
  return invocations;
}

describe('the local SQS trigger', () => {
  it('handles a batch that outlasts the visibility timeout once: it is kept in flight, not received again', async () => {
    const created = await queue('outlasting');
    let finished = false;
    const invocations = await run(
      created,
      async () => {
        await new Promise((r) => setTimeout(r, VISIBILITY_SECONDS * 3_000));
        finished = true;
      },
      async () => finished && (await depth(created.url)) === 0,
    );
    expect(invocations).toBe(1);
    expect(await depth(created.url)).toBe(0);
    expect(await depth(created.dlqUrl)).toBe(0);
  });

  it('lets a failed message come back after the timeout, and moves it to the DLQ after maxReceiveCount receives', async () => {
    const created = await queue('failing');
    const invocations = await run(
      created,
      (event) => Promise.resolve({ batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) }),
      async () => (await depth(created.dlqUrl)) === 1,
    );
    expect(invocations).toBe(MAX_RECEIVES);
    expect(await depth(created.url)).toBe(0);
    expect(await depth(created.dlqUrl)).toBe(1);
  });
});
