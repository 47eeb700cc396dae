import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, dynamoEventStore, readStream, streamVersion } from '../../functions/platform/event-store.js';
import { env } from '../../functions/platform/env.js';
import { eventStoreContract } from '../../functions/platform/testing/event-store-contract.js';
import type { NewEvent } from '../../events/index.js';
import { useCloudEnv } from '../support/cloud.js';

beforeAll(useCloudEnv);

const play = (n: number): NewEvent => ({
  type: 'PlayRecorded',
  data: { trackId: `t${n}`, albumId: 'a', listenerId: 'l', userId: null, playDuration: 30, trackLength: 60 },
});
const ctx = { actor: 'test', correlationId: 'event-store-test' };

describe('the DynamoDB event store decides as the port says (the cases the memory store passes too)', () => {
  eventStoreContract(() => dynamoEventStore, { guardTable: () => env().TABLE_EPHEMERAL });
});

describe('event store on DynamoDB Local', () => {
  it('lets exactly one of 50 parallel appends at the same version succeed', async () => {
    const stream = `test#${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => dynamoEventStore.appendToStream(stream, 0, [play(i)], ctx)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
    const events = await readStream(stream);
    expect(events.map((e) => e.version)).toEqual([1]);
  });

  it('loses and duplicates no version when 50 writers retry until they land', async () => {
    const stream = `test#${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        for (;;) {
          try {
            return await dynamoEventStore.appendToStream(stream, await streamVersion(stream), [play(i)], ctx);
          } catch (error) {
            if (!(error instanceof ConcurrencyError)) throw error;
          }
        }
      }),
    );
    const events = await readStream(stream);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(events.map((e) => (e.data as { trackId: string }).trackId)).size).toBe(50);
  });
});
