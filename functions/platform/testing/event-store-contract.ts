/**
 * What every EventStore does, as cases run against each implementation: the memory one in the unit tier
 * (functions/platform/memory-event-store.test.ts), the DynamoDB one against DynamoDB Local
 * (test/integration/event-store.test.ts). A case holds only if both decide the same.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { NewEvent } from '../../../events/index.js';
import { ConcurrencyError, GuardRefusedError, ReservationTakenError, type AppendGuard, type EventStore } from '../event-store.js';

const play = (n: number): NewEvent => ({
  type: 'PlayRecorded',
  data: { trackId: `t${n}`, albumId: 'a', listenerId: 'l', userId: null, playDuration: 30, trackLength: 60 },
});
const ctx = { actor: 'test', correlationId: 'event-store-contract' };
const trackIds = (events: { data: unknown }[]) => events.map((e) => (e.data as { trackId: string }).trackId);

interface ContractOptions {
  /** The table a guard's item lives in (read when a case runs, once the environment is set). */
  guardTable: () => string;
}

export function eventStoreContract(store: () => EventStore, { guardTable }: ContractOptions) {
  const stream = () => `test#${randomUUID()}`;
  const onceGuard = (key: string): AppendGuard => ({
    TableName: guardTable(),
    Key: { pk: `contract-guard#${key}`, sk: 'once' },
    UpdateExpression: 'SET doneAt = :now, expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(doneAt)',
    ExpressionAttributeValues: { ':now': 1, ':expiresAt': Math.floor(Date.now() / 1000) + 3600 },
  });

  it('appends after the expected version, numbers the events on, and refuses a stream that moved, writing nothing', async () => {
    const events = store();
    const id = stream();
    expect((await events.appendToStream(id, 0, [play(1), play(2)], ctx)).map((e) => e.version)).toEqual([1, 2]);
    await expect(events.appendToStream(id, 1, [play(3), play(4)], ctx)).rejects.toEqual(new ConcurrencyError(id, 1));
    await expect(events.appendToStream(id, 0, [play(5)], ctx)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(trackIds(await events.readStream(id))).toEqual(['t1', 't2']);
    expect(await events.streamVersion(id)).toBe(2);
  });

  it('lets exactly one of several appends at the same version land', async () => {
    const events = store();
    const id = stream();
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => events.appendToStream(id, 0, [play(i)], ctx)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError);
    expect((await events.readStream(id)).map((e) => e.version)).toEqual([1]);
  });

  it('reads a stream whole, after a version and before one; an empty stream is version 0', async () => {
    const events = store();
    const id = stream();
    expect(await events.streamVersion(id)).toBe(0);
    expect(await events.readStream(id)).toEqual([]);
    await events.appendToStream(id, 0, [play(1), play(2), play(3)], { ...ctx, at: new Date('2026-02-03T04:05:06.000Z') });
    const [first] = await events.readStream(id);
    expect(first).toMatchObject({
      streamId: id,
      version: 1,
      type: 'PlayRecorded',
      meta: { actor: 'test', at: '2026-02-03T04:05:06.000Z' },
    });
    expect(trackIds(await events.readStream(id, 1))).toEqual(['t2', 't3']);
    expect(trackIds(await events.readStreamBefore(id, 3))).toEqual(['t1', 't2']);
  });

  it('refuses an event that does not match its schema and writes nothing', async () => {
    const events = store();
    const id = stream();
    await expect(events.appendToStream(id, 0, [{ type: 'PlayRecorded', data: { trackId: 1 } }], ctx)).rejects.toThrow();
    expect(await events.streamVersion(id)).toBe(0);
  });

  it('takes a reservation with the first event; a taken one refuses the append, and only its owner frees it', async () => {
    const events = store();
    const key = `email#${randomUUID()}@example.com`;
    const [first, second] = [stream(), stream()];
    await events.appendToStream(first, 0, [play(1)], ctx, [{ key, owner: first }]);
    expect(await events.reservationOwner(key)).toBe(first);
    await expect(events.appendToStream(second, 0, [play(1)], ctx, [{ key, owner: second }])).rejects.toEqual(
      new ReservationTakenError(key),
    );
    expect(await events.readStream(second)).toEqual([]);
    await events.releaseReservation(key, second);
    expect(await events.reservationOwner(key)).toBe(first);
    await events.releaseReservation(key, first);
    expect(await events.reservationOwner(key)).toBeUndefined();
    await events.appendToStream(second, 0, [play(1)], ctx, [{ key, owner: second }]);
    expect(await events.reservationOwner(key)).toBe(second);
  });

  it('appends to several streams at once: one stream that moved fails them all', async () => {
    const events = store();
    const [a, b] = [stream(), stream()];
    await events.appendToStream(b, 0, [play(1)], ctx);
    const joint = (bAt: number) => [
      { streamId: a, expectedVersion: 0, events: [play(2)] },
      { streamId: b, expectedVersion: bAt, events: [play(3)] },
    ];
    await expect(events.appendToStreams(joint(0), ctx)).rejects.toEqual(new ConcurrencyError(b, 0));
    expect(await events.streamVersion(a)).toBe(0);
    const stored = await events.appendToStreams(joint(1), ctx);
    expect(stored.map((s) => s.map((e) => [e.streamId, e.version]))).toEqual([[[a, 1]], [[b, 2]]]);
  });

  it('appends blind after whatever the stream holds', async () => {
    const events = store();
    const id = stream();
    await events.appendToStream(id, 0, [play(1), play(2)], ctx);
    expect((await events.appendBlind(id, [play(3)], ctx)).map((e) => e.version)).toEqual([3]);
    expect((await events.appendBlind(id, [play(4)], ctx)).map((e) => e.version)).toEqual([4]);
  });

  it('lands an append with its guard once; the guard refuses the next, which writes nothing', async () => {
    const events = store();
    const [id, key] = [stream(), randomUUID()];
    await events.appendBlind(id, [play(1)], ctx, { guard: onceGuard(key) });
    await expect(events.appendBlind(id, [play(2)], ctx, { guard: onceGuard(key) })).rejects.toBeInstanceOf(GuardRefusedError);
    expect(trackIds(await events.readStream(id))).toEqual(['t1']);
  });
}
