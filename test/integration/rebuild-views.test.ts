/**
 * Rebuilding every view from the event log (functions/lib/rebuild-views.ts) into a fresh table gives the
 * views the live projectors built, item for item, checkpoints included.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../functions/lib/aws.js';
import { env } from '../../functions/lib/env.js';
import { rebuildViews } from '../../functions/lib/rebuild-views.js';
import { ensureTables } from '../../infra/local/dynamodb-local.js';
import { tables } from '../../infra/tables.js';
import { cloudDynamoConfig, useCloudEnv } from '../support/cloud.js';

async function scanAll(table: string): Promise<Map<string, Record<string, unknown>>> {
  const items = new Map<string, Record<string, unknown>>();
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamoClient().send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of page.Items ?? []) items.set(`${item.pk}|${item.sk}`, item);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The keys whose items differ between two scans (missing on either side, or not equal). */
function differences(a: Map<string, unknown>, b: Map<string, unknown>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((key) => JSON.stringify(a.get(key)) !== JSON.stringify(b.get(key)) && !isEqual(a.get(key), b.get(key)));
}
const isEqual = (x: unknown, y: unknown) => {
  try {
    expect(x).toEqual(y);
    return true;
  } catch {
    return false;
  }
};

describe('rebuilding the views from the event log', () => {
  beforeAll(() => useCloudEnv());

  it('gives, in a fresh table, exactly the views the live projectors keep', async () => {
    const config = cloudDynamoConfig();
    const viewsDefinition = tables.filter((t) => t.name === 'views');
    // The live projectors may still be catching up with what earlier tests wrote: compare until they have.
    let diff: string[] = [];
    let shown: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 20; attempt++) {
      const target = `rebuilt-views-${randomUUID().slice(0, 8)}`;
      await ensureTables(config, viewsDefinition, () => target);
      try {
        const result = await rebuildViews(target);
        // Only streams behind an event no schema reads may stay unapplied (`behindUnreadable`): the live projectors
        // are stuck there too (that event went to their DLQ), so both tables hold the same views.
        expect(result.stuck).toEqual([]);
        expect(result.events).toBeGreaterThan(20);
        const [live, rebuilt] = [await scanAll(env().TABLE_VIEWS), await scanAll(target)];
        expect(rebuilt.size).toBeGreaterThan(20);
        diff = differences(live, rebuilt);
        shown = Object.fromEntries(diff.slice(0, 3).map((key) => [key, { live: live.get(key), rebuilt: rebuilt.get(key) }]));
        if (diff.length === 0) break;
      } finally {
        await new DynamoDBClient(config).send(new DeleteTableCommand({ TableName: target }));
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(diff.slice(0, 10), JSON.stringify(shown, null, 1)).toEqual([]);
  }, 180_000);
});
