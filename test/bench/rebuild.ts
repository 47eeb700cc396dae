/**
 * Rebuild every view from the event log (functions/lib/rebuild-views.ts) into a fresh table, against the
 * live ingest rate: the budget is ≥ 5× (a full rebuild must be much faster than the log grew).
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { rebuildViews } from '../../functions/lib/rebuild-views.js';
import { ensureTables } from '../../infra/local/dynamodb-local.js';
import { viewTables } from '../../infra/tables.js';
import type { Row } from './rows.js';

export async function rebuildRow(ingestPerSecond: number, dynamoEndpoint: string): Promise<Row> {
  const config = { endpoint: dynamoEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const suffix = randomUUID().slice(0, 8);
  const target = { views: `bench-rebuilt-views-${suffix}`, counters: `bench-rebuilt-counters-${suffix}` };
  await ensureTables(config, viewTables, (definition) => target[definition.name as keyof typeof target]);
  try {
    const started = performance.now();
    const result = await rebuildViews(target);
    const seconds = (performance.now() - started) / 1000;
    if (result.stuck.length) throw new Error(`rebuild left ${result.stuck.length} streams unapplied: ${JSON.stringify(result.stuck.slice(0, 3))}`);
    const rate = result.events / seconds;
    return {
      what: `rebuild every view from the log (${result.events} events → ${result.items} items) ÷ live play ingest`,
      measured: `${rate.toFixed(0)}/s ÷ ${ingestPerSecond.toFixed(0)}/s = ${(rate / ingestPerSecond).toFixed(1)}×`,
      budget: '≥ 5×',
      ratio: rate / ingestPerSecond / 5,
    };
  } finally {
    const client = new DynamoDBClient(config);
    await Promise.all(Object.values(target).map((TableName) => client.send(new DeleteTableCommand({ TableName }))));
  }
}
