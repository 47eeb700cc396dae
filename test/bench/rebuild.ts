/**
 * Rebuild every view from the event log (functions/operations/rebuild-views.ts) into a fresh table, and one projection blue/green
 * beside the live one (functions/operations/rebuild.ts), against the live ingest rate: the budget is ≥ 5× (a rebuild must be
 * much faster than the log grew). And the live ingest's p95 while every projection is rebuilt: ≤ 1.5× its p95 without.
 */
import { randomUUID } from 'node:crypto';
import { consumers } from '../../functions/consumers.js';
import { claimRebuild, runRebuild } from '../../functions/operations/rebuild.js';
import { rebuildViews } from '../../functions/operations/rebuild-views.js';
import { scratchTables } from '../../infra/local/dynamodb-local.js';
import { viewTableNames } from '../../infra/tables.js';
import { reportStartedPlay, startedPlays } from './plays.js';
import { percentile, type Row } from './rows.js';

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

/** A whole projection's blue/green rebuild (functions/operations/rebuild.ts) until ready, parity checked, for the events it read. */
async function rebuildProjection(projection: string) {
  const { record, runner } = await claimRebuild(projection, { actor: 'ops:bench', correlationId: randomUUID() });
  const done = await runRebuild(record, runner);
  if (!done.parity?.ok) throw new Error(`the rebuild of ${projection} differs from the live views: ${JSON.stringify(done.parity)}`);
  return done;
}

/** The rollups (the dashboard's and the play statistics) rebuilt blue/green beside the live ones, against the live ingest rate: ≥ 5×. */
export async function projectionRebuildRow(ingestPerSecond: number): Promise<Row> {
  const started = performance.now();
  const done = await rebuildProjection('rollups');
  const seconds = (performance.now() - started) / 1000;
  const rate = done.scanned / seconds;
  return {
    what: `blue/green rebuild of the rollups and play statistics, log read until parity (${done.scanned} events, ${done.applied} applied) ÷ live play ingest`,
    measured: `${rate.toFixed(0)}/s ÷ ${ingestPerSecond.toFixed(0)}/s = ${(rate / ingestPerSecond).toFixed(1)}×`,
    budget: '≥ 5×',
    ratio: rate / ingestPerSecond / 5,
  };
}

/**
 * Latencies of POST /api/track-play, 16 guests at once for `ms`: reports of plays started beforehand (./plays.ts), as
 * many as 16 loops can report at 50 a second each; a loop that runs out stops early.
 */
async function playLatencies(baseUrl: string, ms: number): Promise<number[]> {
  const albums = (await (await fetch(`${baseUrl}/api/albums`)).json()) as { id: string; requiredTier: string }[];
  const free = albums.find((a) => a.requiredTier === 'free')!;
  const { tracks } = (await (await fetch(`${baseUrl}/api/albums/${free.id}/tracks`)).json()) as {
    tracks: { id: string; duration: number }[];
  };
  const plays = await startedPlays(
    baseUrl,
    { trackId: tracks[0].id, albumId: free.id, duration: tracks[0].duration },
    Math.ceil((16 * 50 * ms) / 1000),
  );
  const latencies: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < until) {
        const play = plays.pop();
        if (!play) return;
        const at = performance.now();
        await reportStartedPlay(baseUrl, play);
        latencies.push(performance.now() - at);
      }
    }),
  );
  return latencies;
}

/** Live play ingest p95 while every projection is rebuilt blue/green, one after another, against its p95 without: ≤ 1.5×. */
export async function ingestDuringRebuildRow(baseUrl: string, waitForIdle: () => Promise<unknown>): Promise<Row> {
  const without = percentile(await playLatencies(baseUrl, 20_000), 95);
  await waitForIdle();
  // Its failure is kept until the measure ends (an unhandled one would end the bench at once).
  const rebuilding = (async () => {
    for (const c of consumers.filter((c) => c.kind === 'projector')) await rebuildProjection(c.name);
  })().then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  // Measured while the rebuilds run (the first 20 s of them).
  const during = percentile(await playLatencies(baseUrl, 20_000), 95);
  const failure = await rebuilding;
  if (failure) throw failure;
  return {
    what: 'live play ingest p95 (POST /api/track-play, 16 at once, 20 s) while every projection is rebuilt blue/green ÷ without',
    measured: `${during.toFixed(0)} ms ÷ ${without.toFixed(0)} ms = ${(during / without).toFixed(2)}×`,
    budget: '≤ 1.5×',
    ratio: 1.5 / (during / without),
  };
}
