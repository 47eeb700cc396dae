import { describe, expect, it, vi } from 'vitest';
import { consumers } from '../consumers.js';
import type { SQSEvent } from 'aws-lambda';
import { memoryOpsRecorder } from './memory-ops-recorder.js';
import { deliveryOf, giveUpOnLastTry, queueConsumer } from './reactor.js';

const intake = consumers.find((c) => c.name === 'track-intake')!;
const record = (count?: string) => ({ attributes: { ApproximateReceiveCount: count } }) as never;

describe('deliveryOf', () => {
  it("counts a message's tries against its consumer's maxReceiveCount", () => {
    expect(deliveryOf('track-intake', record('1'))).toEqual({ attempt: 1, last: false });
    expect(deliveryOf('track-intake', record(String(intake.maxReceiveCount)))).toEqual({ attempt: intake.maxReceiveCount, last: true });
    // A message without a count is on its first try.
    expect(deliveryOf('track-intake', record(undefined))).toEqual({ attempt: 1, last: false });
  });
});

describe('giveUpOnLastTry', () => {
  const failing = () => Promise.reject(new Error('decoder crashed'));
  const giveUp = (error: unknown) => Promise.resolve(`gave up: ${(error as Error).message}`);

  it('throws a failure while tries are left, so the message is delivered again', async () => {
    await expect(giveUpOnLastTry({ attempt: 1, last: false }, failing, giveUp)).rejects.toThrow('decoder crashed');
  });

  it('answers a failure on the last try with the give-up, so it is recorded instead of dead-lettered', async () => {
    await expect(giveUpOnLastTry({ attempt: 5, last: true }, failing, giveUp)).resolves.toBe('gave up: decoder crashed');
  });

  it("answers the work's result when it succeeds", async () => {
    await expect(giveUpOnLastTry({ attempt: 5, last: true }, () => Promise.resolve('done'), giveUp)).resolves.toBe('done');
  });
});

describe('queueConsumer with a batch handler', () => {
  const batchOf = (...bodies: string[]): SQSEvent => ({
    Records: bodies.map((body, i) => ({
      messageId: `m${i}`,
      body: JSON.stringify(body),
      attributes: { MessageGroupId: body, ApproximateReceiveCount: '1', SentTimestamp: '0' },
    })) as never,
  });

  it('takes the batch at once when it can, and the records one by one, each failing alone, when it cannot', async () => {
    const alone: unknown[] = [];
    const together: string[][] = [];
    const ops = memoryOpsRecorder();
    const consumer = queueConsumer(
      'prerender',
      (body) => {
        alone.push(body);
        return body === 'bad' ? Promise.reject(new Error('cannot render')) : Promise.resolve();
      },
      (records) => {
        const bodies = records.map((record) => JSON.parse(record.body) as string);
        if (bodies.includes('bad')) return Promise.reject(new Error('cannot render'));
        together.push(bodies);
        return Promise.resolve();
      },
      ops,
    );

    await expect(consumer(batchOf('a', 'b'))).resolves.toEqual({ batchItemFailures: [] });
    expect(together).toEqual([['a', 'b']]);
    expect(alone).toEqual([]);

    await expect(consumer(batchOf('c', 'bad', 'd'))).resolves.toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(alone.toSorted()).toEqual(['bad', 'c', 'd']);
    expect(ops.failures).toEqual([{ consumer: 'prerender', messageId: 'm1', error: 'Error: cannot render' }]);
    expect(ops.batches).toBe(2);
  });
});

describe('queueConsumer log lines', () => {
  it("carry each record's correlation id, also while records of other requests are handled at once", async () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const consumer = queueConsumer(
      'mailer',
      async (body, logger) => {
        const { job } = body as { job: string };
        logger.info('started', { job });
        await new Promise((resolve) => setTimeout(resolve, 5));
        logger.info('sent', { job });
      },
      undefined,
      memoryOpsRecorder(),
    );
    const records = ['a', 'b'].map((job) => ({
      messageId: `m-${job}`,
      body: JSON.stringify({ job, correlationId: `req-${job}` }),
      attributes: { MessageGroupId: job, ApproximateReceiveCount: '1', SentTimestamp: '0' },
    }));
    try {
      await consumer({ Records: records } as never);
    } finally {
      write.mockRestore();
    }
    // The log lines, not the metrics' (which carry no message).
    const lines = written
      .flatMap((chunk) => chunk.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as Record<string, string>)
      .filter((line) => line.message);
    expect(lines.map((l) => `${l.message} ${l.job}`).toSorted()).toEqual(['sent a', 'sent b', 'started a', 'started b']);
    for (const line of lines) expect(line).toMatchObject({ service: 'mailer', correlationId: `req-${line.job}` });
  });
});
