/** The DynamoDB view store (functions/platform/views.ts): a `keep` put keeps the winning item whatever the order or overlap of the streams writing it. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../functions/platform/env.js';
import { spreadPk, type ViewOp } from '../../functions/platform/projection.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../functions/platform/aws.js';
import { checkpointKey, dynamoViewStore, getViews, queryViews } from '../../functions/platform/views.js';
import { scratchTables, type ScratchTables } from '../../infra/local/dynamodb-local.js';
import { viewTableNames } from '../../infra/tables.js';
import { cloudDynamoConfig, useCloudEnv } from '../support/cloud.js';

// View tables of this file's own: these commits have no events behind them, and the shared tables must hold only
// what the event log rebuilds (test/integration/rebuild-views.test.ts compares them).
let tables: ScratchTables<'views' | 'counters'>;

beforeAll(async () => {
  useCloudEnv();
  tables = await scratchTables(cloudDynamoConfig(), viewTableNames, 'view-store-test');
  process.env.TABLE_VIEWS = tables.names.views;
  process.env.TABLE_COUNTERS = tables.names.counters;
  resetEnvCache();
});

afterAll(async () => {
  await tables.drop();
  useCloudEnv();
});

describe('the view store', () => {
  const keepFirst = (pk: string, first: string): ViewOp => ({
    kind: 'put',
    item: { pk, sk: 'item', first, note: `from ${first}` },
    keep: { field: 'first', winner: 'lowest' },
  });
  const keepLatest = (pk: string, at: string): ViewOp => ({
    kind: 'put',
    item: { pk, sk: 'item', at },
    keep: { field: 'at', winner: 'highest' },
  });

  it('keeps the lowest of two `keep` puts in either order, and moves both checkpoints', async () => {
    const pk = `keep-${randomUUID()}`;
    const [a, b] = [`stream-a-${pk}`, `stream-b-${pk}`];
    expect(await dynamoViewStore.commit('test', b, 0, 1, [keepFirst(pk, '2026-02')])).toBe(true);
    expect(
      await dynamoViewStore.commit('test', a, 0, 1, [keepFirst(pk, '2026-01'), { kind: 'put', item: { pk, sk: 'other', n: 1 } }]),
    ).toBe(true);
    expect(await dynamoViewStore.commit('test', b, 1, 2, [keepFirst(pk, '2026-03')])).toBe(true);

    expect(await dynamoViewStore.get({ pk, sk: 'item' })).toMatchObject({ first: '2026-01', note: 'from 2026-01' });
    expect(await dynamoViewStore.get({ pk, sk: 'other' })).toMatchObject({ n: 1 });
    expect([await dynamoViewStore.checkpoint('test', a), await dynamoViewStore.checkpoint('test', b)]).toEqual([1, 2]);
  });

  it('agrees on the lowest when many streams write one item at once', async () => {
    const pk = `keep-${randomUUID()}`;
    const firsts = Array.from({ length: 12 }, (_, i) => `2026-01-${String(30 - i).padStart(2, '0')}`);
    const results = await Promise.all(
      firsts.map((first, i) => dynamoViewStore.commit('test', `s${i}-${pk}`, 0, 1, [keepFirst(pk, first)])),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(await dynamoViewStore.get({ pk, sk: 'item' })).toMatchObject({ first: '2026-01-19' });
  });

  it('keeps the highest when the highest wins', async () => {
    const pk = `keep-${randomUUID()}`;
    const ats = ['2026-03', '2026-05', '2026-04', '2026-01'];
    expect(
      (await Promise.all(ats.map((at, i) => dynamoViewStore.commit('test', `s${i}-${pk}`, 0, 1, [keepLatest(pk, at)])))).every(Boolean),
    ).toBe(true);
    expect(await dynamoViewStore.get({ pk, sk: 'item' })).toMatchObject({ at: '2026-05' });
  });

  it('still refuses a commit whose checkpoint moved', async () => {
    const pk = `keep-${randomUUID()}`;
    expect(await dynamoViewStore.commit('test', pk, 0, 1, [keepFirst(pk, '2026-01')])).toBe(true);
    expect(await dynamoViewStore.commit('test', pk, 0, 1, [keepFirst(pk, '2025-01')])).toBe(false);
    expect(await dynamoViewStore.get({ pk, sk: 'item' })).toMatchObject({ first: '2026-01' });
  });

  it('writes commits made at once together, refusing only the one whose checkpoint moved', async () => {
    const pk = `batch-${randomUUID()}`;
    expect(await dynamoViewStore.commit('test', `moved-${pk}`, 0, 1, [])).toBe(true);
    expect(await dynamoViewStore.commit('test', `keeper-${pk}`, 0, 1, [keepFirst(`${pk}-kept`, '2026-01')])).toBe(true);
    const results = await Promise.all([
      dynamoViewStore.commit('test', `a-${pk}`, 0, 1, [{ kind: 'put', item: { pk, sk: 'a', n: 1 } }]),
      dynamoViewStore.commit('test', `moved-${pk}`, 0, 1, [{ kind: 'put', item: { pk, sk: 'moved', n: 2 } }]),
      dynamoViewStore.commit('test', `late-${pk}`, 0, 1, [
        keepFirst(`${pk}-kept`, '2026-09'),
        { kind: 'put', item: { pk, sk: 'late', n: 3 } },
      ]),
      dynamoViewStore.commit('test', `b-${pk}`, 0, 1, [{ kind: 'update', key: { pk, sk: 'b' }, add: { n: 4 } }]),
    ]);
    expect(results).toEqual([true, false, true, true]);
    expect(await dynamoViewStore.get({ pk, sk: 'a' })).toMatchObject({ n: 1 });
    expect(await dynamoViewStore.get({ pk, sk: 'moved' })).toBeUndefined();
    expect(await dynamoViewStore.get({ pk, sk: 'late' })).toMatchObject({ n: 3 });
    expect(await dynamoViewStore.get({ pk, sk: 'b' })).toMatchObject({ n: 4 });
    expect(await dynamoViewStore.get({ pk: `${pk}-kept`, sk: 'item' })).toMatchObject({ first: '2026-01' });
    expect(await dynamoViewStore.checkpoint('test', `late-${pk}`)).toBe(1);
  });

  it('fails only the commit that cannot be written when commits are made at once', async () => {
    const pk = `bad-${randomUUID()}`;
    const results = await Promise.allSettled([
      dynamoViewStore.commit('test', `good-${pk}`, 0, 1, [{ kind: 'put', item: { pk, sk: 'good' } }]),
      // An empty string is not a valid sort key: DynamoDB rejects the whole request.
      dynamoViewStore.commit('test', `bad-${pk}`, 0, 1, [{ kind: 'put', item: { pk, sk: '' } }]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(await dynamoViewStore.get({ pk, sk: 'good' })).toBeDefined();
    expect(await dynamoViewStore.checkpoint('test', `bad-${pk}`)).toBe(0);
  });

  it('counts every play once when many streams add to one counter at once, one of them a duplicate', async () => {
    const pk = `count-${randomUUID()}`;
    const play: ViewOp = { kind: 'update', key: { pk, sk: 'track' }, add: { playCount: 1 }, set: { trackId: pk } };
    expect(await dynamoViewStore.commit('test', `s0-${pk}`, 0, 1, [play])).toBe(true);
    // s0's v1 again (a redelivery) among nine new plays: it is refused and adds nothing.
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => dynamoViewStore.commit('test', `s${i}-${pk}`, 0, 1, [play])));
    expect(results).toEqual([false, ...Array.from({ length: 9 }, () => true)]);
    expect(await dynamoViewStore.get({ pk, sk: 'track' })).toMatchObject({ playCount: 10, trackId: pk });
  });

  it('writes the spread counts of commits made at once into one partition, added up, and spreads their turns over the partitions', async () => {
    const pk = `spread-${randomUUID()}`;
    const partitions = Array.from({ length: 4 }, (_, n) => spreadPk(pk, n));
    const play: ViewOp = { kind: 'update', key: { pk, sk: 'track' }, add: { plays: 1 }, set: { trackId: 't1' }, spread: partitions.length };
    const turns = 12;
    for (let turn = 0; turn < turns; turn++) {
      // Ten listeners' plays projected at once, as a batch's streams are: one write of the item, in one partition.
      const committed = await Promise.all(
        Array.from({ length: 10 }, (_, i) => dynamoViewStore.commit('test', `s${turn}-${i}-${pk}`, 0, 1, [play])),
      );
      expect(committed.every(Boolean)).toBe(true);
    }
    const items = await getViews<{ pk: string; plays: number; trackId: string }>(partitions.map((p) => ({ pk: p, sk: 'track' })));
    // Each turn added its ten plays to one partition: every item holds a multiple of ten, and together all of them.
    expect(items.map((item) => item.plays % 10)).toEqual(items.map(() => 0));
    expect(items.reduce((n, item) => n + item.plays, 0)).toBe(10 * turns);
    expect(items.every((item) => item.trackId === 't1')).toBe(true);
    // Drawn at random each turn: twelve turns all into one of four partitions would be a 1 in 4^11 chance.
    expect(items.length).toBeGreaterThan(1);
  });

  it('keeps checkpoints and counters in the counters table and other views in views, written in one transaction', async () => {
    const id = randomUUID();
    const counter = { pk: `stats#track#${id}`, sk: 'total' };
    const view = { pk: `album#${id}`, sk: 'album' };
    const ops: ViewOp[] = [
      { kind: 'update', key: counter, add: { playCount: 1 } },
      { kind: 'put', item: { ...view, title: 'Tides' } },
    ];
    expect(await dynamoViewStore.commit('test', `s-${id}`, 0, 1, ops)).toBe(true);
    // A redelivery is refused as a whole: neither table changes.
    expect(await dynamoViewStore.commit('test', `s-${id}`, 0, 1, ops)).toBe(false);

    const stored = async (TableName: string, Key: { pk: string; sk: string }) =>
      (await dynamoClient().send(new GetCommand({ TableName, Key, ConsistentRead: true }))).Item;
    expect(await stored(tables.names.counters, counter)).toMatchObject({ playCount: 1 });
    expect(await stored(tables.names.counters, checkpointKey('test', `s-${id}`))).toMatchObject({ version: 1 });
    expect(await stored(tables.names.views, view)).toMatchObject({ title: 'Tides' });
    expect(await stored(tables.names.views, counter)).toBeUndefined();
    // Reads find each item wherever it lives.
    expect(await getViews([counter, view])).toEqual(
      expect.arrayContaining([expect.objectContaining({ playCount: 1 }), expect.objectContaining({ title: 'Tides' })]),
    );
    expect(await queryViews({ pk: counter.pk })).toEqual([expect.objectContaining({ playCount: 1 })]);
  });
});
