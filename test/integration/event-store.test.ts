import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appendToStream,
  ConcurrencyError,
  readStream,
  ReservationTakenError,
  streamVersion,
} from '../../functions/platform/event-store.js';
import type { NewEvent } from '../../events/index.js';
import { createArtist } from '../../functions/catalogue/catalogue-commands.js';
import { useCloudEnv } from '../support/cloud.js';

beforeAll(useCloudEnv);

const play = (n: number): NewEvent => ({
  type: 'PlayRecorded',
  data: { trackId: `t${n}`, albumId: 'a', listenerId: 'l', userId: null, playDuration: 30, trackLength: 60 },
});
const ctx = { actor: 'test', correlationId: 'event-store-test' };

describe('event store on DynamoDB Local', () => {
  it('lets exactly one of 50 parallel appends at the same version succeed', async () => {
    const stream = `test#${randomUUID()}`;
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => appendToStream(stream, 0, [play(i)], ctx)));
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
            return await appendToStream(stream, await streamVersion(stream), [play(i)], ctx);
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

  it('writes several events in one transaction, all or nothing', async () => {
    const stream = `test#${randomUUID()}`;
    await appendToStream(stream, 0, [play(1), play(2), play(3)], ctx);
    await expect(appendToStream(stream, 2, [play(4), play(5)], ctx)).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await readStream(stream)).map((e) => e.version)).toEqual([1, 2, 3]);
  });

  it('holds a reservation in the same transaction as the first event', async () => {
    const key = `email#${randomUUID()}@example.com`;
    const first = `test#${randomUUID()}`;
    const second = `test#${randomUUID()}`;
    await appendToStream(first, 0, [play(1)], ctx, [{ key, owner: first }]);
    await expect(appendToStream(second, 0, [play(1)], ctx, [{ key, owner: second }])).rejects.toBeInstanceOf(ReservationTakenError);
    expect(await readStream(second)).toEqual([]);
  });

  it('refuses an event that does not match its schema and writes nothing', async () => {
    const stream = `test#${randomUUID()}`;
    await expect(appendToStream(stream, 0, [{ type: 'PlayRecorded', data: { trackId: 1 } }], ctx)).rejects.toThrow();
    expect(await streamVersion(stream)).toBe(0);
  });

  it('answers a create command on a stream that exists as if it had read it first', async () => {
    const artistId = `test-${randomUUID()}`;
    const artist = { artistId, name: 'Twice', bio: null, avatar: null, headerImage: null, isMain: false, socialLinks: {} };
    expect(await createArtist(artist, ctx)).toMatchObject({ version: 1, appended: 1 });
    await expect(createArtist({ ...artist, name: 'Again' }, ctx)).rejects.toMatchObject({ message: `Artist ${artistId} already exists` });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => createArtist({ ...artist, artistId: `${artistId}-race` }, ctx)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await readStream(`artist#${artistId}`)).map((e) => e.version)).toEqual([1]);
    expect((await readStream(`artist#${artistId}-race`)).map((e) => e.version)).toEqual([1]);
  });
});
