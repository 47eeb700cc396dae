/**
 * The drift detector: re-projects a random sample of streams per projection in memory (./heal.ts's image, up to each
 * stream's live checkpoint) and compares the items they make with the live ones. The result goes to the `ViewDrift`
 * metric (alarmed in infra/aws/observability-stack.ts) and, the latest one, to `ephemeral` for the sync manager.
 */
import { isDeepStrictEqual } from 'node:util';
import { GetCommand, PutCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { DriftReport, ProjectionDrift, ViewDifference } from './contract/admin-ops.js';
import { consumers } from '../consumers.js';
import { invalid } from '../platform/errors.js';
import { dynamoClient } from '../platform/aws.js';
import { eachConcurrently } from '../platform/concurrently.js';
import { env } from '../platform/env.js';
import { readStream } from '../platform/event-store.js';
import { metricNames, recordMetric } from '../platform/metrics.js';
import { STAMP_FIELDS, viewKeyId, type ViewItem, type ViewReader } from '../platform/projection.js';
import { dynamoViewStore } from '../platform/views.js';
import { projectorNamed } from './rebuild-views.js';
import { streamImage, type StreamImage } from './heal.js';

/** Streams checked per projection on each run. */
const DRIFT_SAMPLE = 50;
/** Differences shown per projection. */
const DRIFT_EXAMPLES = 20;
const shown = (value: unknown) => (value === undefined ? null : JSON.stringify(value).slice(0, 300));

/**
 * Where the live items differ from a stream's image: an item that should be there and is not (field null), one that
 * should be gone and is there (field null), or a field of the stream's with another value. Volatile fields are
 * ignored. Pure.
 */
export function compareImage(streamId: string, image: Pick<StreamImage, 'items'>, live: ReadonlyMap<string, ViewItem>): ViewDifference[] {
  const found: ViewDifference[] = [];
  for (const { key, item, fields } of image.items) {
    const stored = live.get(viewKeyId(key));
    const at = { streamId, pk: key.pk, sk: key.sk };
    if (item === null) {
      if (stored) found.push({ ...at, field: null, expected: null, found: 'present' });
      continue;
    }
    if (!stored) {
      found.push({ ...at, field: null, expected: 'present', found: null });
      continue;
    }
    for (const field of fields) {
      // The last writer's stamp may name another stream where several write one item, without the view being wrong.
      if (STAMP_FIELDS.includes(field)) continue;
      if (!isDeepStrictEqual(item[field], stored[field]))
        found.push({ ...at, field, expected: shown(item[field]), found: shown(stored[field]) });
    }
  }
  return found;
}

/** Picks `size` of the values offered one by one, each as likely as any other (reservoir sampling). */
function reservoir(size: number) {
  const kept: string[] = [];
  let seen = 0;
  return {
    offer(value: string) {
      seen++;
      if (kept.length < size) kept.push(value);
      else {
        const at = Math.floor(Math.random() * seen);
        if (at < size) kept[at] = value;
      }
    },
    get seen() {
      return seen;
    },
    kept,
  };
}

const SEGMENTS = 8;

/**
 * A random sample of the streams each projection has projected, from their checkpoints: the `counters` table's
 * segments are read in random order until each projection has offered four times the sample (or the table is read).
 */
async function sampleStreams(names: string[], size: number): Promise<Map<string, string[]>> {
  const samples = new Map(names.map((name) => [name, reservoir(size)]));
  const segments = Array.from({ length: SEGMENTS }, (_, i) => i).sort(() => Math.random() - 0.5);
  for (const segment of segments) {
    let start: ScanCommandOutput['LastEvaluatedKey'];
    do {
      const page = await dynamoClient().send(
        new ScanCommand({
          TableName: env().TABLE_COUNTERS,
          Segment: segment,
          TotalSegments: SEGMENTS,
          FilterExpression: 'begins_with(pk, :cp)',
          ExpressionAttributeValues: { ':cp': 'checkpoint#' },
          ProjectionExpression: 'pk',
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const rest = String(item.pk).slice('checkpoint#'.length);
        const cut = rest.indexOf('#');
        samples.get(rest.slice(0, cut))?.offer(rest.slice(cut + 1));
      }
      start = page.LastEvaluatedKey;
    } while (start);
    if ([...samples.values()].every((s) => s.seen >= size * 4)) break;
  }
  return new Map([...samples].map(([name, s]) => [name, s.kept]));
}

/** The stored items of an image's keys, by viewKeyId, as compareImage reads them. */
export async function storedItems(image: Pick<StreamImage, 'items'>, views: ViewReader): Promise<Map<string, ViewItem>> {
  const live = new Map<string, ViewItem>();
  for (const { key } of image.items) {
    const item = await views.get(key);
    if (item) live.set(viewKeyId(key), item);
  }
  return live;
}

/** The differences of one stream, or null where its projector moved on while it was compared (judged next time). */
async function checkStream(name: string, streamId: string): Promise<ViewDifference[] | null> {
  const { projection } = projectorNamed(name);
  const applied = await dynamoViewStore.checkpoint(name, streamId);
  const events = (await readStream(streamId)).filter((e) => e.version <= applied);
  const image = await streamImage(projection, events, dynamoViewStore);
  const live = await storedItems(image, dynamoViewStore);
  if ((await dynamoViewStore.checkpoint(name, streamId)) !== applied) return null;
  return compareImage(streamId, image, live);
}

interface DriftCheck {
  /** Streams per projection, when sampling. */
  sample?: number;
  /** Only this projection. */
  projection?: string;
  /** These streams of `projection` instead of a sample. */
  streamIds?: string[];
  /** Time to compare in: streams not reached by then count as unchecked. */
  budgetMs?: number;
}

const LATEST = { pk: 'ops-drift', sk: 'latest' };

/**
 * Runs a drift check, records its total as the `ViewDrift` metric and keeps it as the latest for the console. A stream
 * whose replay fails (an event its projection cannot apply yet) counts among `unchecked`, as one whose projector moved on
 * and those left when the time is up.
 */
export async function checkDrift(request: DriftCheck, now: Date): Promise<DriftReport> {
  if (request.streamIds && !request.projection) throw invalid('PROJECTION_REQUIRED', 'Name the projection of the streams', 'projection');
  const names = request.projection
    ? [projectorNamed(request.projection).consumer.name]
    : consumers.filter((c) => c.kind === 'projector').map((c) => c.name);
  const sample = request.sample ?? DRIFT_SAMPLE;
  const deadline = Date.now() + (request.budgetMs ?? Infinity);
  const streams = request.streamIds ? new Map([[names[0], request.streamIds]]) : await sampleStreams(names, sample);
  const projections: ProjectionDrift[] = [];
  for (const name of names) {
    const chosen = streams.get(name) ?? [];
    const differences: ViewDifference[] = [];
    let drifted = 0;
    let unchecked = 0;
    await eachConcurrently(chosen, 4, async (streamId) => {
      const found = Date.now() > deadline ? null : await checkStream(name, streamId).catch(() => null);
      if (found === null) unchecked++;
      else if (found.length) {
        drifted++;
        differences.push(...found);
      }
    });
    projections.push({
      projection: name,
      sampled: chosen.length - unchecked,
      unchecked,
      streamsDrifted: drifted,
      differences: differences.length,
      examples: differences.slice(0, DRIFT_EXAMPLES),
    });
  }
  const report: DriftReport = { at: now.toISOString(), projections, differences: projections.reduce((n, p) => n + p.differences, 0) };
  recordMetric(metricNames.viewDrift, report.differences);
  await dynamoClient().send(new PutCommand({ TableName: env().TABLE_EPHEMERAL, Item: { ...LATEST, report } }));
  return report;
}

/** The latest drift check's result, null before the first. */
export async function latestDrift(): Promise<DriftReport | null> {
  const out = await dynamoClient().send(new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: LATEST }));
  return (out.Item?.report as DriftReport | undefined) ?? null;
}
