/**
 * Rebuilding every view from the event log (functions/operations/rebuild-views.ts) into fresh tables gives the
 * views the live projectors built, item for item and each in the same table, checkpoints included; the spread counts
 * of a partition (the rollups' days) added up, as the live store spread them by its batches.
 */
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { foldSpread, type ViewItem } from '../../functions/platform/projection.js';
import { rebuildViews } from '../../functions/operations/rebuild-views.js';
import { projections } from '../../functions/projections.js';
import { currentGenerations, generationOfPk, logicalItem, ownerOf, type Generations } from '../../functions/platform/view-generations.js';
import { scratchTables } from '../../infra/local/dynamodb-local.js';
import { viewTableNames } from '../../infra/tables.js';
import { cloudDynamoConfig, useCloudEnv } from '../support/cloud.js';

/**
 * What the log alone does not give, kept beside the views: items of no projection (a rebuild's record, the setting of
 * the active generations) and a projection's partitions beyond the log (the dashboard's day summaries, which the
 * closing job writes and whose late-event marks it clears).
 */
const isProjected = (pk: string) => {
  const owner = ownerOf(pk);
  return owner !== undefined && !projections[owner]?.beyondTheLog?.(pk);
};

/**
 * Every projected item of the two view tables, by `<table>:<pk>|<sk>`, as its readers know it: of each projection's
 * active generation only (`generations`; a rebuild's switch in an earlier test leaves a projection on another one).
 */
async function scanAll(
  tables: { views: string; counters: string },
  generations: Generations = {},
): Promise<Map<string, Record<string, unknown>>> {
  const items = new Map<string, Record<string, unknown>>();
  const spreadItems: Record<string, ViewItem[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    let start: ScanCommandOutput['LastEvaluatedKey'];
    do {
      const page = await dynamoClient().send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
      for (const stored of page.Items ?? []) {
        const item = logicalItem(stored as ViewItem);
        if (!isProjected(item.pk) || generationOfPk(stored.pk as string) !== (generations[ownerOf(item.pk)!] ?? 0)) continue;
        // The spread counts (the rollups' days) land where the live store's batches put them: added up, per base partition.
        const owner = ownerOf(item.pk)!;
        if (projections[owner]?.spread?.baseOf(item.pk) !== undefined) (spreadItems[owner] ??= []).push(item);
        else items.set(`${name}:${item.pk}|${item.sk}`, item);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    for (const [owner, spread] of Object.entries(spreadItems)) {
      for (const item of foldSpread(spread, projections[owner].spread)) items.set(`${name}:${item.pk}|${item.sk}`, item);
      delete spreadItems[owner];
    }
  }
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
    // The live projectors may still be catching up with what earlier tests wrote: compare until they have.
    let diff: string[] = [];
    let shown: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 20; attempt++) {
      const target = await scratchTables(config, viewTableNames, 'rebuilt');
      try {
        const result = await rebuildViews(target.names);
        // Only streams behind an event no schema reads may stay unapplied (`behindUnreadable`): the live projectors
        // are stuck there too (that event went to their DLQ), so both tables hold the same views.
        expect(result.stuck).toEqual([]);
        expect(result.events).toBeGreaterThan(20);
        const live = await scanAll({ views: env().TABLE_VIEWS, counters: env().TABLE_COUNTERS }, await currentGenerations());
        const rebuilt = await scanAll(target.names);
        expect(rebuilt.size).toBeGreaterThan(20);
        diff = differences(live, rebuilt);
        shown = Object.fromEntries(diff.slice(0, 3).map((key) => [key, { live: live.get(key), rebuilt: rebuilt.get(key) }]));
        if (diff.length === 0) break;
      } finally {
        await target.drop();
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(diff.slice(0, 10), JSON.stringify(shown, null, 1)).toEqual([]);
  }, 180_000);
});
