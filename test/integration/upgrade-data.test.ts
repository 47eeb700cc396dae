/** Local data from before the counters table (infra/local/upgrade-data.ts): its checkpoints and counters move over, once. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchTables, type ScratchTables } from '../../infra/local/dynamodb-local.js';
import { moveCountersOutOfViews } from '../../infra/local/upgrade-data.js';
import { cloudDynamoConfig } from '../support/cloud.js';

let tables: ScratchTables<'views' | 'counters' | 'ephemeral'>;
const client = () => DynamoDBDocumentClient.from(new DynamoDBClient(cloudDynamoConfig()));

async function scan(table: string) {
  const out = await client().send(new ScanCommand({ TableName: table, ConsistentRead: true }));
  return (out.Items ?? []).map((item) => `${item.pk}|${item.sk}|${item.version ?? item.playCount ?? item.title}`).sort();
}

beforeAll(async () => {
  tables = await scratchTables(cloudDynamoConfig(), ['views', 'counters', 'ephemeral'], 'upgrade');
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
