import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { processFifoBatch } from './fifo-batch.js';

const record = (id: string, group: string): SQSRecord => ({
  messageId: id,
  receiptHandle: id,
  body: JSON.stringify({ id }),
  attributes: {
    MessageGroupId: group,
    ApproximateReceiveCount: '1',
    SentTimestamp: '0',
    SenderId: 'x',
    ApproximateFirstReceiveTimestamp: '0',
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q.fifo',
  awsRegion: 'us-east-1',
});

describe('a FIFO batch', () => {
  it('handles each group in order while the groups run at once', async () => {
    const started: string[] = [];
    const finished: string[] = [];
    let running = 0;
    let most = 0;
    const records = ['a1:a', 'b1:b', 'a2:a', 'c1:c', 'b2:b', 'a3:a'].map((s) => record(...(s.split(':') as [string, string])));
    const response = await processFifoBatch({ Records: records }, async (r) => {
      started.push(r.messageId);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      finished.push(r.messageId);
    });
    expect(response.batchItemFailures).toEqual([]);
    expect(most).toBe(3);
    for (const group of ['a', 'b']) {
      expect(finished.filter((id) => id.startsWith(group))).toEqual(
        records.filter((r) => r.messageId.startsWith(group)).map((r) => r.messageId),
      );
    }
  });

  it('fails the rest of a failing group only', async () => {
    const handled: string[] = [];
    const records = ['a1:a', 'b1:b', 'a2:a', 'b2:b', 'a3:a', 'b3:b'].map((s) => record(...(s.split(':') as [string, string])));
    const response = await processFifoBatch({ Records: records }, (r) => {
      if (r.messageId === 'a2') return Promise.reject(new Error('cannot apply a2 yet'));
      handled.push(r.messageId);
      return Promise.resolve();
    });
    expect(response.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['a2', 'a3']);
    expect(handled.sort()).toEqual(['a1', 'b1', 'b2', 'b3']);
  });

  it('tries a failed group again once the others are done, while that does some record', async () => {
    const done = new Set<string>();
    const tries: string[] = [];
    // b1 needs a1, c1 needs b1: each is done one try after what it reads; x1 never is.
    const needs: Record<string, string> = { b1: 'a1', c1: 'b1', x1: 'never' };
    const records = ['c1:c', 'b1:b', 'b2:b', 'a1:a', 'x1:x'].map((s) => record(...(s.split(':') as [string, string])));
    const response = await processFifoBatch(
      { Records: records },
      (r) => {
        tries.push(r.messageId);
        const need = needs[r.messageId];
        if (need && !done.has(need)) return Promise.reject(new Error(`${r.messageId} waits for ${need}`));
        done.add(r.messageId);
        return Promise.resolve();
      },
      undefined,
      undefined,
      { retryFailedGroups: true },
    );
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'x1' }]);
    expect([...done].sort()).toEqual(['a1', 'b1', 'b2', 'c1']);
    // Tries while the one before did something (a1, then b1 and b2, then c1), and one more that does nothing.
    expect(tries.filter((id) => id === 'x1')).toHaveLength(4);
  });

  it('retries the whole batch when every record fails, without throwing', async () => {
    const records = [record('a1', 'a'), record('b1', 'b')];
    const response = await processFifoBatch({ Records: records }, () => Promise.reject(new Error('down')));
    expect(response.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['a1', 'b1']);
  });
});
