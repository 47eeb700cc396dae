/**
 * Rebuild every view from the event log (functions/lib/rebuild-views.ts) into a fresh table, against the
 * live ingest rate: the budget is ≥ 5× (a full rebuild must be much faster than the log grew).
 */
import { rebuildViews } from '../../functions/lib/rebuild-views.js';
import { scratchTables } from '../../infra/local/dynamodb-local.js';
import { viewTableNames } from '../../infra/tables.js';
import type { Row } from './rows.js';

export async function rebuildRow(ingestPerSecond: number, dynamoEndpoint: string): Promise<Row> {
  const config = { endpoint: dynamoEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const target = await scratchTables(config, viewTableNames, 'bench-rebuilt');
  try {
    const started = performance.now();
    const result = await rebuildViews(target.names);
    const seconds = (performance.now() - started) / 1000;
    if (result.stuck.length)
      throw new Error(`rebuild left ${result.stuck.length} streams unapplied: ${JSON.stringify(result.stuck.slice(0, 3))}`);
    const rate = result.events / seconds;
    return {
      what: `rebuild every view from the log (${result.events} events → ${result.items} items) ÷ live play ingest`,
      measured: `${rate.toFixed(0)}/s ÷ ${ingestPerSecond.toFixed(0)}/s = ${(rate / ingestPerSecond).toFixed(1)}×`,
      budget: '≥ 5×',
      ratio: rate / ingestPerSecond / 5,
    };
  } finally {
    await target.drop();
  }
}
