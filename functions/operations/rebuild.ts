/**
 * Blue/green rebuild of one projection: build it anew from the log beside the live one, catch up, check parity,
 * switch its readers in one write, drop the old version on request.
 *
 * Why a generation key prefix (functions/platform/view-generations.ts) and not a fresh table: one projection's items share
 * the `views` and `counters` tables with the others, and readers find an item by its key, never by its projection. A
 * prefix gives one projection a whole new version in the same tables (same indexes, nothing to create or grant in a
 * deployment, the live projector untouched until the switch); a map of partition owners tells readers which prefix a
 * key takes. The other projections a projection reads (the library reads the catalogue) are read from their live
 * generation.
 *
 * The run, recorded on one item (`ops-rebuild#<projection>` in `views`, no generation), so a crash resumes from it:
 * 1. scanning: the log in parallel segments, one page of each at a time; each stream of the projection's categories is
 *    applied through `projectStream()` (the live projector's own checks) into an in-memory overlay of the new generation,
 *    written with batch writes (only the rebuild writes the new generation before the switch), and only then the
 *    segments' LastEvaluatedKeys and counts move on the record. A page applied twice is skipped by its checkpoints.
 * 2. catching-up: every stream whose live checkpoint is ahead of the new generation's (written meanwhile, or waiting on
 *    another stream during the scan) is read again from the log and applied, through transactions this time.
 * 3. parity: item counts and a checksum per partition of both generations; partitions that differ get a second
 *    look after another catch-up (the live one moves on meanwhile). The result is kept on the record: state `ready`.
 *    Partitions that hang on more than the log (Projection's `beyondTheLog`) are left out.
 * The switch writes the active generation, waits until every reader's cache has expired, then catches up again: writes
 * the live projector made to the old generation meanwhile are re-applied from the log. Drop deletes the old generation.
 *
 * Who runs it: the rebuilds job (functions/operations/scheduled/rebuilds.ts) for a rebuild asked for from the console, in runs of
 * its own; the operator's command (`npm run ops -- rebuild`) in its process, to the end. A run's reads of the log and of
 * the views tables (scan, catch-up, parity) go at one pace (REBUILD_EVENTS_PER_SECOND), so the live ingest keeps its
 * latency meanwhile; a switch's catch-ups and a drop still read unpaced, within their request.
 * A lease on the record (a conditional write) lets one runner at a time work on a projection: a second start of an
 * unfinished one is refused (409, with who started the running one and when); once a crashed runner's lease lapses,
 * the command started again resumes it, and after REBUILD_ABANDONED_MS the job does.
 * A rebuild writes views only: it appends no event but the operator's own (ViewRebuildStarted, …, in `ops#rebuilds#…`,
 * which no consumer but the trace index reads) and sends nothing to a queue, so no reactor (mail, notifications, ZIPs)
 * runs from it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { DomainEvent } from '../../events/index.js';
import type { RebuildStatus } from './contract/admin-ops.js';
import { conflict, invalid, notFound } from '../platform/errors.js';
import { consumers, streamCategory } from '../consumers.js';
import { dynamoClient } from '../platform/aws.js';
import { batchGetItems } from '../platform/batch-get.js';
import { eachConcurrently } from '../platform/concurrently.js';
import { env } from '../platform/env.js';
import { appendBlind, readEvent, readStream, type AppendContext } from '../platform/event-store.js';
import { projectorNamed } from './rebuild-views.js';
import {
  applyViewOp,
  foldSpread,
  type Projection,
  projectStream,
  STAMP_FIELDS,
  type ViewItem,
  type ViewKey,
  viewKeyId,
  type ViewOp,
  type ViewStore,
} from '../platform/projection.js';
import {
  activeGenerations,
  currentGenerations,
  generationOfPk,
  GENERATIONS_CACHE_MS,
  logicalItem,
  logicalPk,
  ownerOf,
  physicalItem,
  physicalPk,
  setActiveGeneration,
  type Generations,
} from '../platform/view-generations.js';
import { checkpointKey, isCounterKey, tableOf, viewStoreAt } from '../platform/views.js';
import { batchStore } from '../platform/consumer.js';

export type RebuildState = 'scanning' | 'catching-up' | 'ready' | 'switching' | 'switched' | 'dropped';

export interface Parity {
  ok: boolean;
  checkedAt: string;
  /** Partitions and items of the live generation and of the new one. */
  live: { partitions: number; items: number };
  rebuilt: { partitions: number; items: number };
  /** Partitions whose count or checksum differ, at most 20. */
  differing: string[];
  differingCount: number;
}

export interface RebuildRecord {
  projection: string;
  /** The generation being built, and the live one it replaces. */
  generation: number;
  from: number;
  state: RebuildState;
  startedBy: string;
  startedAt: string;
  /** The scan: each segment's LastEvaluatedKey, or done. */
  segments: { start?: Record<string, unknown>; done: boolean }[];
  /** Events of the log read, of the projection's streams applied, and about how many the log holds. */
  scanned: number;
  applied: number;
  logSize: number;
  parity?: Parity;
  switchedBy?: string;
  switchedAt?: string;
  droppedBy?: string;
  droppedAt?: string;
  /** Whether a run has started writing the new generation (a run that starts it afresh reads nothing of it). */
  written?: boolean;
  /** The runner holding the lease, and until when (epoch ms). */
  runner?: string;
  leaseUntil: number;
  updatedAt: string;
}

/** Scan segments: parallel reads of the log, applied one set of pages at a time. */
const REBUILD_SEGMENTS = 4;
/** Looks at the parity of a rebuild that differs from the live views, 2 s apart. */
const PARITY_LOOKS = 15;
/** Items of the log each segment reads per step: small steps, so the pace below is even rather than bursts. */
const SCAN_PAGE = 250;
/** A runner that has not written its record for this long has crashed; a start takes its rebuild over. */
export const REBUILD_LEASE_MS = 15_000;
/** Work one HTTP request does on a drop before it answers (the HTTP functions time out at 10 s); the console asks again. */
const REBUILD_SLICE_MS = 6_000;

const recordKey = (projection: string) => ({ pk: `ops-rebuild#${projection}`, sk: 'rebuild' });
const running = (state: RebuildState) => state === 'scanning' || state === 'catching-up';

export async function readRebuild(projection: string): Promise<RebuildRecord | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: env().TABLE_VIEWS, Key: recordKey(projection), ConsistentRead: true }));
  return out.Item as RebuildRecord | undefined;
}

const projectorNames = () => consumers.filter((c) => c.kind === 'projector').map((c) => c.name);

/** Every projection's record in one consistent batch read (the projectors are far fewer than a batch's 100 keys), in projector order. */
async function readRebuilds(): Promise<RebuildRecord[]> {
  const table = env().TABLE_VIEWS;
  const items = await batchGetItems<RebuildRecord>(
    projectorNames().map((name) => ({ table, key: recordKey(name) })),
    { consistent: true },
  );
  const found = new Map(items.map((item) => [item.projection, item]));
  return projectorNames().flatMap((name) => found.get(name) ?? []);
}

/** A record as the console shows it (contract `rebuildStatus`). */
export const rebuildAnswer = (record: RebuildRecord): RebuildStatus => ({
  projection: record.projection,
  generation: record.generation,
  from: record.from,
  state: record.state,
  startedBy: record.startedBy,
  startedAt: record.startedAt,
  running: running(record.state),
  progress: progressOf(record),
  scanned: record.scanned,
  applied: record.applied,
  parity: record.parity ?? null,
  switchedBy: record.switchedBy ?? null,
  switchedAt: record.switchedAt ?? null,
  droppedBy: record.droppedBy ?? null,
  droppedAt: record.droppedAt ?? null,
  updatedAt: record.updatedAt,
});

/** Every projection's latest rebuild, for the console. */
export async function listRebuilds(): Promise<{ projections: string[]; rebuilds: RebuildStatus[] }> {
  return { projections: projectorNames(), rebuilds: (await readRebuilds()).map(rebuildAnswer) };
}

/** Fraction done, 0–1. Pure. */
export function progressOf(record: RebuildRecord): number {
  if (record.state === 'scanning') {
    const segments = record.segments.filter((s) => s.done).length / record.segments.length;
    return Math.min(0.9, Math.max(segments * 0.9, record.logSize ? (0.9 * record.scanned) / record.logSize : 0));
  }
  return record.state === 'catching-up' ? 0.95 : 1;
}

/** Writes the record if this runner still holds the lease (and extends it); false when another took it over. */
async function save(record: RebuildRecord, runner: string, leaseMs = REBUILD_LEASE_MS): Promise<boolean> {
  const next = { ...record, runner, leaseUntil: leaseMs ? Date.now() + leaseMs : 0, updatedAt: new Date().toISOString() };
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: env().TABLE_VIEWS,
        Item: { ...recordKey(record.projection), ...next },
        ConditionExpression: 'runner = :runner',
        ExpressionAttributeValues: { ':runner': runner },
      }),
    );
    Object.assign(record, next);
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

const rebuildRunning = (record: RebuildRecord) =>
  conflict('rebuild_running', `A rebuild of ${record.projection} is running, started by ${record.startedBy} at ${record.startedAt}`, {
    startedBy: record.startedBy,
    startedAt: record.startedAt,
  });

/**
 * Takes the lease of `projection`'s rebuild: a new one (none, or the last one dropped), or the one left unfinished by a
 * crashed runner (or by the end of a request's slice). Refused while another runner holds it.
 */
export async function claimRebuild(name: string, context: AppendContext): Promise<{ record: RebuildRecord; runner: string }> {
  const { consumer } = projectorNamed(name);
  const runner = randomUUID();
  const now = Date.now();
  const existing = await readRebuild(consumer.name);
  if (existing && existing.state !== 'dropped') {
    if (existing.state === 'switching' || existing.state === 'switched') {
      throw conflict('generation_not_dropped', `Drop the old generation of ${consumer.name} before rebuilding it again`);
    }
    if (existing.leaseUntil > now) throw rebuildRunning(existing);
    // A ready rebuild started again checks again.
    const taken = await takeOver(existing, existing.state === 'ready' ? 'catching-up' : existing.state);
    if (!taken) throw rebuildRunning((await readRebuild(consumer.name)) ?? existing);
    return taken;
  }
  const from = (await currentGenerations())[consumer.name] ?? 0;
  // For the progress bar only (DynamoDB updates it every few hours); a role without DescribeTable gets a bar by segments.
  const table = await dynamoClient()
    .send(new DescribeTableCommand({ TableName: env().TABLE_EVENTS }))
    .catch(() => undefined);
  const record: RebuildRecord = {
    projection: consumer.name,
    generation: Math.max(from, existing?.generation ?? 0) + 1,
    from,
    state: 'scanning',
    startedBy: context.actor,
    startedAt: (context.at ?? new Date()).toISOString(),
    segments: Array.from({ length: REBUILD_SEGMENTS }, () => ({ done: false })),
    scanned: 0,
    applied: 0,
    logSize: table?.Table?.ItemCount ?? 0,
    runner,
    leaseUntil: now + REBUILD_LEASE_MS,
    updatedAt: new Date(now).toISOString(),
  };
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: env().TABLE_VIEWS,
        Item: { ...recordKey(consumer.name), ...record },
        // Two starts at once: the second finds the first's record.
        ConditionExpression: existing ? 'updatedAt = :seen' : 'attribute_not_exists(pk)',
        ExpressionAttributeValues: existing ? { ':seen': existing.updatedAt } : undefined,
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const winner = await readRebuild(consumer.name);
    throw winner ? rebuildRunning(winner) : error;
  }
  await appendBlind(
    `ops#rebuilds#${consumer.name}`,
    [{ type: 'ViewRebuildStarted', data: { projection: consumer.name, generation: record.generation, from } }],
    context,
  );
  return { record, runner };
}

/** Takes the lease of a rebuild no runner holds, in `state`; undefined when another runner took it first. */
async function takeOver(existing: RebuildRecord, state: RebuildState): Promise<{ record: RebuildRecord; runner: string } | undefined> {
  const runner = randomUUID();
  try {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: env().TABLE_VIEWS,
        Key: recordKey(existing.projection),
        UpdateExpression: 'SET runner = :runner, leaseUntil = :until, #state = :state',
        ConditionExpression: 'leaseUntil = :seen',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':runner': runner,
          ':until': Date.now() + REBUILD_LEASE_MS,
          ':seen': existing.leaseUntil,
          ':state': state,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { record: out.Attributes as RebuildRecord, runner };
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/**
 * The console's start: a new rebuild, or a ready one checked again, left to the rebuilds job
 * (functions/operations/scheduled/rebuilds.ts), which works on it at the rebuild's pace in runs of its own. Refused while one is
 * unfinished: the job is working on it, or will on its next run.
 */
export async function requestRebuild(name: string, context: AppendContext): Promise<RebuildRecord> {
  const { consumer } = projectorNamed(name);
  const existing = await readRebuild(consumer.name);
  if (existing && running(existing.state)) throw rebuildRunning(existing);
  const { record, runner } = await claimRebuild(consumer.name, context);
  if (!(await save(record, runner, 0))) throw rebuildRunning((await readRebuild(consumer.name)) ?? record);
  return record;
}

/**
 * A runner that has not saved its rebuild for this long after its lease ran out is gone for good: the job takes its
 * rebuild over. Until then a command killed midway (`npm run ops -- rebuild`) and started again resumes its own.
 */
const REBUILD_ABANDONED_MS = 60_000;

/**
 * One run of the rebuilds job: works on each unfinished rebuild that no runner holds, one after another at the pace,
 * until `budgetMs` is spent; the next run goes on from the records' checkpoints.
 */
export async function advanceRebuilds(budgetMs: number): Promise<RebuildRecord[]> {
  const until = Date.now() + budgetMs;
  const advanced: RebuildRecord[] = [];
  const takeable = (record: RebuildRecord | undefined): record is RebuildRecord =>
    record !== undefined && running(record.state) && (record.leaseUntil === 0 || record.leaseUntil + REBUILD_ABANDONED_MS < Date.now());
  // One read of them all finds the work; a record is read again just before its lease is taken, as the runs before it
  // may have lasted the budget.
  for (const seen of (await readRebuilds()).filter(takeable)) {
    if (Date.now() >= until) break;
    const record = await readRebuild(seen.projection);
    if (!takeable(record)) continue;
    const taken = await takeOver(record, record.state);
    if (taken) advanced.push(await runRebuild(taken.record, taken.runner, until));
  }
  return advanced;
}

/** The generations a rebuild reads and writes: the live ones, its own projection at the new generation. */
const rebuildGenerations = async (record: RebuildRecord): Promise<Generations> => ({
  ...(await activeGenerations()),
  [record.projection]: record.generation,
});

/** Refuses an op on a partition its projection does not own (functions/platform/view-generations.ts must name it). */
function ownOp(projection: string, op: ViewOp): ViewOp {
  const key = op.kind === 'put' ? op.item : op.key;
  if (ownerOf(key.pk) !== projection) throw new Error(`${projection} wrote ${key.pk}, a partition view-generations.ts does not give it`);
  return op;
}

/**
 * The new generation as one run of a rebuild's scan sees it: what the projection writes stays in memory until `flush`
 * (batch writes of whole items, every SCAN_FLUSH_MS rather than every set of pages), and its own items and checkpoints,
 * once read or written, are known until the run ends, since only the run writes that generation before the switch.
 * Read afresh for every set of pages, a listener's day shard and the checkpoint of each of their streams were read again
 * on nearly every page (the log's scan order is a hash's), and written again after it: the scan slowed as the log grew.
 * A scan that starts a generation no run has written (`fresh`) reads none of them: what it has not written is not
 * there. The other projections' items (the album each play names) are read from the live ones once a set of pages, as
 * the live projector reads them once a batch: read for every event, they took two thirds of the rollups' rebuild.
 */
function rebuildOverlay(record: RebuildRecord, fresh: boolean) {
  // Values read or written: a commit applies its ops to the values as they are once its reads are done, with no await
  // in between, so two streams' commits of one item never lose each other's update.
  const items = new Map<string, ViewItem | undefined>();
  const checkpoints = new Map<string, number>();
  const dirty = new Set<string>();
  let complete = fresh;
  let generations: Generations = {};
  const cpId = (streamId: string) => `checkpoint\u0000${streamId}`;

  /** The store for one set of pages, reading other projections at `current` (the live generations of that moment). */
  const storeFor = (current: Generations): ViewStore => {
    generations = current;
    const live = batchStore(
      viewStoreAt(() => Promise.resolve(current)),
      record.projection,
    );
    const loading = new Map<string, Promise<void>>();
    /** Reads `id` into `known` once (`at` names the read under way), unless the run knows it already. */
    const loadOnce = <V>(known: Map<string, V>, id: string, at: string, read: () => Promise<V>) => {
      if (known.has(id) || complete) return Promise.resolve();
      if (!loading.has(at))
        loading.set(
          at,
          read().then((value) => void (known.has(id) || known.set(id, value))),
        );
      return loading.get(at)!;
    };
    const load = (key: ViewKey) => loadOnce(items, viewKeyId(key), viewKeyId(key), () => live.get(key));
    const loadCheckpoint = (projection: string, streamId: string) =>
      loadOnce(checkpoints, streamId, cpId(streamId), () => live.checkpoint(projection, streamId));
    return {
      async get(key) {
        if (ownerOf(key.pk) !== record.projection) return live.get(key);
        await load(key);
        return items.get(viewKeyId(key));
      },
      async checkpoint(projection, streamId) {
        await loadCheckpoint(projection, streamId);
        return checkpoints.get(streamId) ?? 0;
      },
      async commit(projection, streamId, from, to, ops) {
        const keys = ops.map((op) => ownOp(record.projection, op)).map((op) => (op.kind === 'put' ? op.item : op.key));
        await Promise.all([loadCheckpoint(projection, streamId), ...keys.map(load)]);
        if ((checkpoints.get(streamId) ?? 0) !== from) return false;
        ops.forEach((op, i) => {
          const key = viewKeyId(keys[i]);
          items.set(key, applyViewOp(items.get(key), op));
          dirty.add(key);
        });
        checkpoints.set(streamId, to);
        dirty.add(cpId(streamId));
        return true;
      },
    };
  };

  const flush = async () => {
    const writes: { table: string; request: Record<string, unknown> }[] = [];
    for (const key of dirty) {
      if (key.startsWith('checkpoint\u0000')) {
        const streamId = key.slice('checkpoint\u0000'.length);
        const item = physicalItem({ ...checkpointKey(record.projection, streamId), version: checkpoints.get(streamId)! }, generations);
        writes.push({ table: tableOf(item), request: { PutRequest: { Item: item } } });
        continue;
      }
      const [pk, sk] = key.split('\u0000');
      const item = items.get(key);
      const stored = physicalItem(item ?? { pk, sk }, generations);
      writes.push({
        table: tableOf(stored),
        request: item ? { PutRequest: { Item: stored } } : { DeleteRequest: { Key: { pk: stored.pk, sk: stored.sk } } },
      });
    }
    await batchWrite(writes);
    dirty.clear();
    // A log far larger than memory: past the limit the run forgets what it knows and reads it again.
    if (items.size + checkpoints.size > OVERLAY_LIMIT) {
      items.clear();
      checkpoints.clear();
      complete = false;
    }
  };
  return { storeFor, flush };
}

type RebuildOverlay = ReturnType<typeof rebuildOverlay>;

/** Items and checkpoints a run's overlay keeps at most: past it, they are forgotten after a flush and read again. */
const OVERLAY_LIMIT = 200_000;
/** How often a scan writes what it applied and moves its record on: what a crash makes it read again. */
const SCAN_FLUSH_MS = 2_000;

/**
 * Batch writes, 25 a request, 4 requests at once (a scan's flush holds 2 s of its writes: not a burst beside the live
 * ingest), unprocessed items again after a pause.
 */
async function batchWrite(writes: { table: string; request: Record<string, unknown> }[]) {
  const batches: (typeof writes)[] = [];
  for (let i = 0; i < writes.length; i += 25) batches.push(writes.slice(i, i + 25));
  await eachConcurrently(batches, 4, async (batch) => {
    let pending: Record<string, Record<string, unknown>[]> = {};
    for (const { table, request } of batch) (pending[table] ??= []).push(request);
    for (let attempt = 0; Object.keys(pending).length; attempt++) {
      const out = await dynamoClient().send(new BatchWriteCommand({ RequestItems: pending }));
      pending = out.UnprocessedItems ?? {};
      if (Object.keys(pending).length) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    }
  });
}

/**
 * Applies events, each stream in version order, streams side by side; an event that cannot be applied yet stops its
 * stream (the catch-up applies it from the log). A stream's consecutive events are one commit where they compose: in a
 * catch-up, a transaction per event would make the rebuild's writes outnumber the live projector's and slow the live
 * ingest.
 */
async function applyStreams(projection: Projection, store: ViewStore, events: DomainEvent[]): Promise<number> {
  const byStream = new Map<string, DomainEvent[]>();
  for (const event of events) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
  let applied = 0;
  await eachConcurrently([...byStream.values()], 16, async (stream) => {
    // Counted after the await: `applied += await …` would add to the value read before it, losing the other streams'.
    const done = await projectStream(
      projection,
      store,
      stream.sort((a, b) => a.version - b.version),
    );
    applied += done;
  });
  return applied;
}

/** One page of each unfinished segment, applied into the overlay, and the record moved on in memory (saved once flushed). */
async function scanStep(record: RebuildRecord, projection: Projection, categories: string[], overlay: RebuildOverlay) {
  const generations = await rebuildGenerations(record);
  const pages = await Promise.all(
    record.segments.map(async (segment, i) => {
      if (segment.done) return { i, items: [], next: undefined };
      const out = await dynamoClient().send(
        new ScanCommand({
          TableName: env().TABLE_EVENTS,
          Segment: i,
          TotalSegments: record.segments.length,
          ExclusiveStartKey: segment.start,
          // Small pages: the pace is even rather than bursts.
          Limit: SCAN_PAGE,
          ConsistentRead: true,
        }),
      );
      return { i, items: out.Items ?? [], next: out.LastEvaluatedKey };
    }),
  );
  const events: DomainEvent[] = [];
  for (const item of pages.flatMap((p) => p.items)) {
    if (typeof item.type !== 'string' || !categories.includes(streamCategory(String(item.streamId)))) continue;
    // An event no schema reads went to the live projector's DLQ too; its stream waits there in both generations.
    const event = await readEvent(item).catch(() => undefined);
    if (event) events.push(event);
  }
  const applied = await applyStreams(projection, overlay.storeFor(generations), events);
  for (const page of pages) {
    if (record.segments[page.i].done) continue;
    record.segments[page.i] = page.next ? { start: page.next, done: false } : { done: true };
  }
  record.scanned += pages.reduce((n, p) => n + p.items.length, 0);
  record.applied += applied;
  if (record.segments.every((s) => s.done)) record.state = 'catching-up';
}

/** Every checkpoint of `projection` in each of `generations` (stream → version), from one read of the table. */
async function checkpointsOf(projection: string, generations: number[], pace: boolean): Promise<Map<string, number>[]> {
  const found = generations.map(() => new Map<string, number>());
  const prefixes = generations.map((generation) => physicalItem(checkpointKey(projection, ''), { [projection]: generation }).pk);
  await scanTable(
    env().TABLE_COUNTERS,
    (item) => {
      const at = prefixes.findIndex((prefix) => item.pk.startsWith(prefix));
      if (at !== -1) found[at].set(item.pk.slice(prefixes[at].length), item.version as number);
    },
    pace,
  );
  return found;
}

/**
 * Reads a whole table in parallel segments, one small page of each at a time, `onItem` for each; at the rebuild's pace
 * unless `pace` is false: in a request (a switch, a drop), which must answer within the HTTP function's time. Unpaced, the
 * catch-up's and the parity's reads took the live ingest's p95 up while the log's read was already paced.
 */
async function scanTable(table: string, onItem: (item: ViewItem) => void, pace = true) {
  const segments = Array.from({ length: REBUILD_SEGMENTS }, () => ({
    start: undefined as Record<string, unknown> | undefined,
    done: false,
  }));
  while (segments.some((segment) => !segment.done)) {
    const started = Date.now();
    let read = 0;
    await Promise.all(
      segments.map(async (segment, i) => {
        if (segment.done) return;
        const out = await dynamoClient().send(
          new ScanCommand({
            TableName: table,
            Segment: i,
            TotalSegments: REBUILD_SEGMENTS,
            ExclusiveStartKey: segment.start,
            Limit: SCAN_PAGE,
          }),
        );
        for (const item of out.Items ?? []) onItem(item as ViewItem);
        read += out.Items?.length ?? 0;
        segment.start = out.LastEvaluatedKey;
        segment.done = !out.LastEvaluatedKey;
      }),
    );
    if (pace) await paced(read, Date.now() - started);
  }
}

/**
 * Brings the new generation up to the `reference` one: each stream whose checkpoint there is ahead is read again from
 * the log and applied through transactions (the live projector may write the new generation too, after a switch).
 * Rounds until nothing moves (a stream waiting for another's item moves in a later round). Answers events applied.
 */
async function catchUp(record: RebuildRecord, projection: Projection, reference: number, pace = true): Promise<number> {
  const store = viewStoreAt(() => rebuildGenerations(record));
  let total = 0;
  for (let round = 0; round < 5; round++) {
    const [live, mine] = await checkpointsOf(record.projection, [reference, record.generation], pace);
    const behind = [...live].filter(([stream, version]) => version > (mine.get(stream) ?? 0)).map(([stream]) => stream);
    let applied = 0;
    await eachConcurrently(behind, 8, async (streamId) => {
      // A stream holding an event no schema reads waits in the live projector's DLQ too: left where it is.
      const events = await readStream(streamId, mine.get(streamId) ?? 0).catch(() => []);
      const done = await applyStreams(projection, store, events);
      applied += done;
    });
    total += applied;
    if (applied === 0) break;
  }
  return total;
}

interface PartitionSum {
  items: number;
  sum: Buffer;
}

/** Per logical partition of the projection: item count and checksum, in the live generation and in the new one. */
interface ParitySums {
  live: Map<string, PartitionSum>;
  rebuilt: Map<string, PartitionSum>;
}

/** Adds a stored item to its logical partition's count and order-free checksum (XOR of item hashes). */
function addToSum(sums: Map<string, PartitionSum>, item: ViewItem) {
  const logical = logicalItem(item);
  const fields = Object.keys(logical)
    .filter((f) => !STAMP_FIELDS.includes(f))
    .sort()
    .map((f) => [f, logical[f]]);
  const hash = createHash('sha256').update(JSON.stringify(fields)).digest();
  const sum = sums.get(logical.pk) ?? { items: 0, sum: Buffer.alloc(32) };
  sum.items++;
  for (let i = 0; i < 32; i++) sum.sum[i] ^= hash[i];
  sums.set(logical.pk, sum);
}

/**
 * Both generations' sums of every partition of the projection, from one paced read of each table. The partitions of
 * its spread counts (Projection's `spread`) are summed as one, their items added up (foldSpread): how the live store
 * spread them depended on its batches.
 */
async function paritySums(record: Pick<RebuildRecord, 'projection' | 'from' | 'generation'>): Promise<ParitySums> {
  const { spread, beyondTheLog } = projectorNamed(record.projection).projection;
  const sums: ParitySums = { live: new Map(), rebuilt: new Map() };
  const spreadItems = { live: [] as ViewItem[], rebuilt: [] as ViewItem[] };
  const onItem = (item: ViewItem) => {
    const pk = logicalPk(item.pk);
    if (ownerOf(pk) !== record.projection || beyondTheLog?.(pk)) return;
    const generation = generationOfPk(item.pk);
    const side = generation === record.from ? 'live' : generation === record.generation ? 'rebuilt' : undefined;
    if (!side) return;
    if (spread?.baseOf(pk) !== undefined) spreadItems[side].push(logicalItem(item));
    else addToSum(sums[side], item);
  };
  await scanTable(env().TABLE_VIEWS, onItem);
  await scanTable(env().TABLE_COUNTERS, onItem);
  for (const side of ['live', 'rebuilt'] as const) for (const item of foldSpread(spreadItems[side], spread)) addToSum(sums[side], item);
  return sums;
}

/**
 * Reads the given partitions of both generations again, by key: a second look at the ones that differed costs a
 * query each rather than another read of both tables.
 */
async function recheck(record: Pick<RebuildRecord, 'projection' | 'from' | 'generation'>, sums: ParitySums, pks: string[]) {
  const { spread } = projectorNamed(record.projection).projection;
  await eachConcurrently(pks, 4, async (pk) => {
    for (const [generation, into] of [
      [record.from, sums.live],
      [record.generation, sums.rebuilt],
    ] as const) {
      const items: ViewItem[] = [];
      // A base of spread counts is summed with all its partitions, as paritySums sums it.
      for (const stored of spread?.baseOf(pk) === pk ? spread.partitionsOf(pk) : [pk]) {
        let start: Record<string, unknown> | undefined;
        do {
          const out = await dynamoClient().send(
            new QueryCommand({
              TableName: tableOf({ pk: stored }),
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': physicalPk(stored, { [record.projection]: generation }) },
              ExclusiveStartKey: start,
              ConsistentRead: true,
            }),
          );
          items.push(...((out.Items ?? []) as ViewItem[]).map((item) => logicalItem(item)));
          start = out.LastEvaluatedKey;
        } while (start);
      }
      const partition = new Map<string, PartitionSum>();
      for (const item of foldSpread(items, spread)) addToSum(partition, item);
      const sum = partition.get(pk);
      if (sum) into.set(pk, sum);
      else into.delete(pk);
    }
  });
}

/** The partitions whose count or checksum differ between the generations. Pure. */
const differingPartitions = ({ live, rebuilt }: ParitySums) =>
  [...new Set([...live.keys(), ...rebuilt.keys()])].filter((pk) => {
    const [a, b] = [live.get(pk), rebuilt.get(pk)];
    return !a || !b || a.items !== b.items || !a.sum.equals(b.sum);
  });

/** The parity the record keeps. Pure. */
function parityOf(sums: ParitySums): Parity {
  const differing = differingPartitions(sums);
  const count = (of: Map<string, PartitionSum>) => ({
    partitions: of.size,
    items: [...of.values()].reduce((n, s) => n + s.items, 0),
  });
  return {
    ok: differing.length === 0,
    checkedAt: new Date().toISOString(),
    live: count(sums.live),
    rebuilt: count(sums.rebuilt),
    differing: differing.sort().slice(0, 20),
    differingCount: differing.length,
  };
}

/**
 * Runs a claimed rebuild until it is ready (parity checked) or `until` (epoch ms) passes, saving its progress after each
 * step; the lease is released at the end, so the job's next run resumes it at once.
 */
export async function runRebuild(record: RebuildRecord, runner: string, until = Infinity): Promise<RebuildRecord> {
  const { consumer, projection } = projectorNamed(record.projection);
  const lost = () => new Error(`The rebuild of ${record.projection} was taken over by another runner`);
  const release = keepLease(record.projection, runner);
  try {
    // A scan that starts a generation no run has written marks it as written before it writes anything: a run that
    // takes it over then reads what this one may have left.
    const fresh = record.state === 'scanning' && !record.written && record.scanned === 0;
    if (fresh) {
      record.written = true;
      if (!(await save(record, runner))) throw lost();
    }
    const overlay = rebuildOverlay(record, fresh);
    let flushedAt = Date.now();
    while (running(record.state) && Date.now() < until) {
      if (record.state === 'scanning') {
        const [started, scanned] = [Date.now(), record.scanned];
        await scanStep(record, projection, consumer.streams, overlay);
        await paced(record.scanned - scanned, Date.now() - started, until);
        // The record moves on only once what its pages applied is written: a crash reads them again.
        if (record.state === 'scanning' && Date.now() - flushedAt < SCAN_FLUSH_MS && Date.now() < until) continue;
        await overlay.flush();
        flushedAt = Date.now();
      } else {
        await catchUp(record, projection, record.from);
        const sums = await paritySums(record);
        // The live projector may be behind the log (the rebuild is then ahead of it): wait, catch up, look again at the
        // partitions that differ, for as long as the run allows (a ready rebuild started again checks again).
        for (let look = 0; differingPartitions(sums).length && look < PARITY_LOOKS && Date.now() < until; look++) {
          await new Promise((resolve) => setTimeout(resolve, 2000));
          await catchUp(record, projection, record.from);
          await recheck(record, sums, differingPartitions(sums));
        }
        record.parity = parityOf(sums);
        record.state = 'ready';
      }
      if (!(await save(record, runner))) throw lost();
    }
  } finally {
    release();
  }
  if (!(await save(record, runner, 0))) throw lost();
  return record;
}

/**
 * Extends the runner's lease every few seconds while it works: a paced catch-up and parity read whole tables, which
 * outlasts a lease between two saves of the record. A released lease (0) is never taken back.
 */
function keepLease(projection: string, runner: string): () => void {
  const timer = setInterval(() => {
    dynamoClient()
      .send(
        new UpdateCommand({
          TableName: env().TABLE_VIEWS,
          Key: recordKey(projection),
          UpdateExpression: 'SET leaseUntil = :until',
          ConditionExpression: 'runner = :runner AND leaseUntil > :released',
          ExpressionAttributeValues: { ':until': Date.now() + REBUILD_LEASE_MS, ':runner': runner, ':released': 0 },
        }),
      )
      // Lost to another runner, or a failed write: the next save of the record says so.
      .catch(() => undefined);
  }, REBUILD_LEASE_MS / 3);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Waits out the rest of the time `read` events take at the rebuild's pace (`REBUILD_EVENTS_PER_SECOND`, never past
 * `until`). Unpaced, a rebuild reads the log many times faster than plays arrive and its writes crowd out the live
 * projector's, so the live ingest slows while it runs (docs/architecture.md, "Why it is so").
 */
async function paced(read: number, tookMs: number, until = Infinity) {
  const waitMs = Math.min((read / env().REBUILD_EVENTS_PER_SECOND) * 1000 - tookMs, until - Date.now());
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/**
 * Makes the rebuilt generation the one readers and the live projector use, in one write (state `switching`); once every
 * process has read the new setting (GENERATIONS_CACHE_MS), the switch is asked again (or `wait`s) and re-applies what
 * the live projector wrote to the old generation meanwhile (state `switched`). Two steps, as an HTTP request is short.
 */
export async function switchRebuild(name: string, context: AppendContext, wait = false, acceptDifferences = false): Promise<RebuildRecord> {
  const { consumer, projection } = projectorNamed(name);
  const record = await readRebuild(consumer.name);
  if (!record) throw notFound('REBUILD_NOT_FOUND', `${consumer.name} has no rebuild`);
  if (record.state === 'ready') {
    // A rebuild to write what a changed projection now writes (new items for accounts made before it) differs from the
    // live views by design: only the operator who deployed the change, having read which partitions differ, says so.
    if (!record.parity?.ok && !acceptDifferences) {
      throw conflict(
        'parity_failed',
        `The rebuild of ${consumer.name} differs from the live one in ${record.parity?.differingCount} partitions`,
      );
    }
    if (record.leaseUntil > Date.now()) throw rebuildRunning(record);
    // Up to the live one first, so readers switch to views as new as the ones they leave.
    await catchUp(record, projection, record.from, false);
    await setActiveGeneration(consumer.name, record.generation, record.from);
    await setState(consumer.name, 'ready', {
      state: 'switching',
      switchedBy: context.actor,
      switchedAt: (context.at ?? new Date()).toISOString(),
    });
    await appendBlind(
      `ops#rebuilds#${consumer.name}`,
      [{ type: 'ViewGenerationSwitched', data: { projection: consumer.name, from: record.from, to: record.generation } }],
      context,
    );
    if (!wait) return (await readRebuild(consumer.name))!;
    await new Promise((resolve) => setTimeout(resolve, SWITCH_SETTLE_MS));
    return switchRebuild(name, context);
  }
  if (record.state === 'switching') {
    if (Date.now() - Date.parse(record.switchedAt!) < SWITCH_SETTLE_MS) return record;
    await catchUp(record, projection, record.from, false);
    await setState(consumer.name, 'switching', { state: 'switched' });
    return (await readRebuild(consumer.name))!;
  }
  throw conflict('rebuild_not_ready', `The rebuild of ${consumer.name} is ${record.state}, not ready`);
}

/** Time for every process to read a switched setting. */
const SWITCH_SETTLE_MS = GENERATIONS_CACHE_MS + 1000;

/** Moves a record on from `from` (refused if another request moved it first). */
async function setState(projection: string, from: RebuildState, fields: Partial<RebuildRecord>) {
  const entries = Object.entries(fields);
  await dynamoClient().send(
    new UpdateCommand({
      TableName: env().TABLE_VIEWS,
      Key: recordKey(projection),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: '#state = :from',
      ExpressionAttributeNames: { '#state': 'state', ...Object.fromEntries(entries.map(([field], i) => [`#f${i}`, field])) },
      ExpressionAttributeValues: { ':from': from, ...Object.fromEntries(entries.map(([, value], i) => [`:f${i}`, value])) },
    }),
  );
}

/** Deletes the old generation of a switched rebuild, as far as `until` allows; asked again, it goes on. */
export async function dropOldGeneration(
  name: string,
  context: AppendContext,
  budgetMs = REBUILD_SLICE_MS,
): Promise<{ record: RebuildRecord; deleted: number; done: boolean }> {
  const { consumer } = projectorNamed(name);
  const record = await readRebuild(consumer.name);
  if (!record) throw notFound('REBUILD_NOT_FOUND', `${consumer.name} has no rebuild`);
  if (record.state !== 'switched')
    throw conflict(
      'rebuild_not_switched',
      `The rebuild of ${consumer.name} is ${record.state}: only a switched one has an old generation to drop`,
    );
  if ((await currentGenerations())[consumer.name] === record.from)
    throw invalid('generation_active', 'The old generation is the active one');
  const until = Date.now() + budgetMs;
  const old: ViewKey[] = [];
  const onItem = (item: ViewItem) => {
    if (generationOfPk(item.pk) === record.from && ownerOf(logicalPk(item.pk)) === consumer.name) old.push({ pk: item.pk, sk: item.sk });
  };
  await Promise.all([scanTable(env().TABLE_VIEWS, onItem, false), scanTable(env().TABLE_COUNTERS, onItem, false)]);
  let deleted = 0;
  for (let i = 0; i < old.length && Date.now() < until; i += 500) {
    const chunk = old.slice(i, i + 500);
    await batchWrite(
      chunk.map((key) => ({
        table: isCounterKey(key) ? env().TABLE_COUNTERS : env().TABLE_VIEWS,
        request: { DeleteRequest: { Key: key } },
      })),
    );
    deleted += chunk.length;
  }
  const done = deleted === old.length;
  if (done) {
    await setState(consumer.name, 'switched', {
      state: 'dropped',
      droppedBy: context.actor,
      droppedAt: (context.at ?? new Date()).toISOString(),
    });
    await appendBlind(
      `ops#rebuilds#${consumer.name}`,
      [{ type: 'ViewGenerationDropped', data: { projection: consumer.name, generation: record.from } }],
      context,
    );
  }
  return { record: (await readRebuild(consumer.name))!, deleted, done };
}
