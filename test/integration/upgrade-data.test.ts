/** Local data from before the counters table (infra/local/upgrade-data.ts): its checkpoints and counters move over, once. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { toStoredEvents } from '../../functions/platform/event-store.js';
import { generationsSettingKey } from '../../functions/platform/view-generations.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { scratchTables, type ScratchTables } from '../../infra/local/dynamodb-local.js';
import { countPlaysInRollups, moveCountersOutOfViews } from '../../infra/local/upgrade-data.js';
import { cloudDynamoConfig } from '../support/cloud.js';

let tables: ScratchTables<'events' | 'views' | 'counters' | 'ephemeral'>;
const client = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient(cloudDynamoConfig()), { marshallOptions: { removeUndefinedValues: true } });

async function scan(table: string) {
  const out = await client().send(new ScanCommand({ TableName: table, ConsistentRead: true }));
  return (out.Items ?? []).map((item) => `${item.pk}|${item.sk}|${item.version ?? item.playCount ?? item.count ?? item.title}`).sort();
}

beforeAll(async () => {
  tables = await scratchTables(cloudDynamoConfig(), ['events', 'views', 'counters', 'ephemeral'], 'upgrade');
});

afterAll(() => tables.drop());

describe('upgrading local data written before the counters table', () => {
  it('moves checkpoints and play counters out of views, keeps every other view, and does it once', async () => {
    const put = (TableName: string, Item: Record<string, unknown>) => client().send(new PutCommand({ TableName, Item }));
    await put(tables.names.views, { pk: 'checkpoint#stats#guest-plays#g1#2026-11-01', sk: 'checkpoint', version: 4 });
    await put(tables.names.views, { pk: 'stats#album#a1', sk: 'total', playCount: 7 });
    await put(tables.names.views, { pk: 'album#a1', sk: 'album', title: 'Tides' });
    // A start cut short between the copy and the delete: the copy stays as it is.
    await put(tables.names.views, { pk: 'checkpoint#library#library#u1', sk: 'checkpoint', version: 2 });
    await put(tables.names.counters, { pk: 'checkpoint#library#library#u1', sk: 'checkpoint', version: 2 });

    expect(await moveCountersOutOfViews(cloudDynamoConfig(), tables.names)).toBe(3);

    expect(await scan(tables.names.views)).toEqual(['album#a1|album|Tides']);
    expect(await scan(tables.names.counters)).toEqual([
      'checkpoint#library#library#u1|checkpoint|2',
      'checkpoint#stats#guest-plays#g1#2026-11-01|checkpoint|4',
      'stats#album#a1|total|7',
    ]);

    // Done once: a later start does not scan again, even if something were left behind.
    await put(tables.names.views, { pk: 'stats#album#a2', sk: 'total', playCount: 1 });
    expect(await moveCountersOutOfViews(cloudDynamoConfig(), tables.names)).toBe(0);
    expect(await scan(tables.names.views)).toContain('stats#album#a2|total|1');
  });
});

describe('upgrading local data written when the play counts had a projector of their own', () => {
  it('counts them again from the log up to each stream’s rollups checkpoint, in the rollups’ generation, drops the old projector’s items, and does it once', async () => {
    // Tables of its own: the items of the test above are of the old projector's generation 0.
    const tables = await scratchTables(cloudDynamoConfig(), ['events', 'views', 'counters', 'ephemeral'], 'upgrade-plays');
    onTestFinished(() => tables.drop());
    const put = (TableName: string, Item: Record<string, unknown>) => client().send(new PutCommand({ TableName, Item }));
    const day = '2026-11-01';
    const play = (listenerId: string, userId: string | null, trackId: string) => ({
      type: 'PlayRecorded' as const,
      data: { trackId, albumId: 'a1', listenerId, userId, playDuration: 31, trackLength: 200 },
    });
    // A guest's three plays, all taken by the rollups; a member's two, the second not yet (the projector counts it later).
    const streams: [string, ReturnType<typeof play>[], number][] = [
      [`guest-plays#g1#${day}`, [play('g1', null, 't1'), play('g1', null, 't2'), play('g1', null, 't1')], 3],
      [`plays#u1#${day}`, [play('u1', 'u1', 't1'), play('u1', 'u1', 't1')], 1],
    ];
    // Each was rebuilt once: the old projector's items are in its generation 1, the rollups' in their generation 2.
    await put(tables.names.views, { ...generationsSettingKey, generations: { stats: 1, rollups: 2 }, revision: 2 });
    for (const [streamId, events, rollupsAt] of streams) {
      for (const stored of toStoredEvents(streamId, 0, events, { actor: 'upgrade', correlationId: randomUUID() })) {
        await put(tables.names.events, stored);
      }
      await put(tables.names.counters, { pk: `~g2~checkpoint#rollups#${streamId}`, sk: 'checkpoint', version: rollupsAt });
      await put(tables.names.counters, { pk: `~g1~checkpoint#stats#${streamId}`, sk: 'checkpoint', version: 2 });
    }
    await put(tables.names.counters, { pk: '~g1~stats#album#a1', sk: 'total', playCount: 9 });
    await put(tables.names.counters, { pk: '~g1~stats#album#a1', sk: `day#${day}`, playCount: 9 });
    await put(tables.names.counters, { pk: '~g1~stats#track#t9', sk: 'total', playCount: 1 });
    // Another projection's counter stays.
    await put(tables.names.counters, { pk: 'stats#releases', sk: 'live', count: 3 });

    expect(await countPlaysInRollups(cloudDynamoConfig(), tables.names)).toBe(4);
    expect(await scan(tables.names.counters)).toEqual([
      'stats#releases|live|3',
      `~g2~checkpoint#rollups#guest-plays#g1#${day}|checkpoint|3`,
      `~g2~checkpoint#rollups#plays#u1#${day}|checkpoint|1`,
      '~g2~stats#album#a1|total|4',
      '~g2~stats#track#t1|total|3',
      '~g2~stats#track#t2|total|1',
      '~g2~stats#user#u1|total|1',
    ]);

    // Done once.
    await put(tables.names.counters, { pk: '~g1~checkpoint#stats#late', sk: 'checkpoint', version: 1 });
    expect(await countPlaysInRollups(cloudDynamoConfig(), tables.names)).toBe(0);
    expect(await scan(tables.names.counters)).toContain('~g1~checkpoint#stats#late|checkpoint|1');
  });
});
