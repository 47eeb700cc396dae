/**
 * Rebuilds every view from the event log into fresh tables (a `views` and a `counters`, infra/tables.ts): the way to
 * add a view to existing data, recover from a projection bug, or change a view's shape (blue/green: build the new
 * tables, then point TABLE_VIEWS and TABLE_COUNTERS at them). The live projectors keep running on the old ones meanwhile.
 *
 * The log is scanned in parallel segments, then replayed in the order it was written (by `meta.at`, each
 * stream by version) through the same `project()` the projectors use, into one in-memory store shared by
 * all projections (a projection may read another's views, as the library reads the catalogue). A
 * projection that cannot apply an event yet (it throws: something it reads is not projected yet) waits
 * for that stream and is retried once the rest has been applied. The result, checkpoints included, is
 * written with parallel batch writes, so the live projectors can continue from it after the switch.
 */
import { ScanCommand, BatchWriteCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { DomainEvent } from '../../events/index.js';
import { consumers, streamCategory, type ConsumerSpec } from '../consumers.js';
import { notFound } from '../platform/errors.js';
import { projections } from '../projections.js';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';
import { eachConcurrently } from '../platform/concurrently.js';
import { readEvent } from '../platform/event-store.js';
import { memoryViewStore } from '../platform/memory-view-store.js';
import { project, type Projection, type ViewItem } from '../platform/projection.js';
import { checkpointKey, isCounterKey } from '../platform/views.js';

/** The projection of each projector line of functions/consumers.ts, which has its name (a unit test keeps the two equal). */
export const projectionsByConsumer: Record<string, Projection> = projections;

/** The projector `name` of functions/consumers.ts and its projection; a 404 for any other name. */
export function projectorNamed(name: string): { consumer: ConsumerSpec; projection: Projection } {
  const consumer = consumers.find((c) => c.name === name && c.kind === 'projector');
  const projection = consumer && projections[name];
  if (!consumer || !projection) throw notFound('PROJECTION_NOT_FOUND', `No projection is named "${name}"`);
  return { consumer, projection };
}

interface RebuildResult {
  events: number;
  items: number;
  /** Stored events no schema reads (what the live projectors sent to their DLQ), left out of the views. */
  unreadable: { streamId: string; version: number; error: string }[];
  /** Streams a projection could still not apply at the end (each with its error), for any other reason. None when all went well. */
  stuck: { projection: string; streamId: string; error: string }[];
  /** Streams left where an unreadable event stops them, as the live projector waits there too (not a failure of the rebuild). */
  behindUnreadable: { streamId: string; from: number }[];
  /** Streams whose later events were written while the log was read: replayed up to the version before `from`. */
  writtenDuringScan: { streamId: string; from: number }[];
}

/**
 * Every stored event of the log (reservation items carry no type and are left out), in parallel segments;
 * an event no schema reads is set aside in `unreadable`, as the live projectors send it to their DLQ.
 */
export async function scanEventLog(segments = 8): Promise<{ events: DomainEvent[]; unreadable: RebuildResult['unreadable'] }> {
  const table = env().TABLE_EVENTS;
  const unreadable: RebuildResult['unreadable'] = [];
  const parts = await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      const found: DomainEvent[] = [];
      let start: ScanCommandOutput['LastEvaluatedKey'];
      do {
        const page = await dynamoClient().send(
          new ScanCommand({ TableName: table, Segment: segment, TotalSegments: segments, ExclusiveStartKey: start, ConsistentRead: true }),
        );
        for (const item of page.Items ?? []) {
          if (typeof item.type !== 'string') continue;
          try {
            found.push(await readEvent(item));
          } catch (error) {
            unreadable.push({
              streamId: String(item.streamId),
              version: Number(item.version),
              error: (error as Error).message.slice(0, 300),
            });
          }
        }
        start = page.LastEvaluatedKey;
      } while (start);
      return found;
    }),
  );
  return { events: parts.flat(), unreadable };
}

/** `<projection>|<streamId>` (the in-memory store's checkpoint id) → its parts; a stream id may hold `|`. */
const splitProjectionKey = (key: string) => ({ projection: key.slice(0, key.indexOf('|')), streamId: key.slice(key.indexOf('|') + 1) });

/**
 * Each stream's events up to its first missing version, and where the others start. A scan of a log still being
 * written can see a stream's later event and miss an earlier one (the scan's segments are read at different
 * moments); an unreadable event leaves a gap too. What follows a gap is left to the live projectors. Pure.
 */
export function upToFirstGap(events: DomainEvent[]): { events: DomainEvent[]; cut: { streamId: string; from: number }[] } {
  const byStream = new Map<string, DomainEvent[]>();
  for (const event of events) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
  const kept: DomainEvent[] = [];
  const cut: { streamId: string; from: number }[] = [];
  for (const [streamId, stream] of byStream) {
    stream.sort((a, b) => a.version - b.version);
    const gap = stream.findIndex((event, i) => event.version !== i + 1);
    kept.push(...(gap === -1 ? stream : stream.slice(0, gap)));
    if (gap !== -1) cut.push({ streamId, from: gap + 1 });
  }
  return { events: kept, cut };
}

/**
 * Written order: by time, and each stream by version. A command stamps its event before it appends, so a stream's
 * v8 can carry an earlier time than its v7 (the command that lost the race for v7 appended as v8); each stream's
 * events therefore fill that stream's places in the time order by version. Pure.
 */
export function inWrittenOrder(events: DomainEvent[]): DomainEvent[] {
  const byTime = [...events].sort(
    (a, b) => a.meta.at.localeCompare(b.meta.at) || a.streamId.localeCompare(b.streamId) || a.version - b.version,
  );
  const byVersion = new Map<string, DomainEvent[]>();
  for (const event of byTime) byVersion.set(event.streamId, [...(byVersion.get(event.streamId) ?? []), event]);
  for (const stream of byVersion.values()) stream.sort((a, b) => a.version - b.version);
  const taken = new Map<string, number>();
  return byTime.map((event) => {
    const place = taken.get(event.streamId) ?? 0;
    taken.set(event.streamId, place + 1);
    return byVersion.get(event.streamId)![place];
  });
}

/** Replays `events` through the projections into a fresh in-memory store. Pure but for the projections' own reads. */
export async function replay(events: DomainEvent[], projections: { name: string; streams: string[]; projection: Projection }[]) {
  const store = memoryViewStore();
  // Per projection and stream, the events waiting behind one that could not be applied yet.
  const waiting = new Map<string, { projection: Projection; events: DomainEvent[]; error: string }>();
  const apply = async (projection: Projection, event: DomainEvent) => {
    const key = `${projection.name}|${event.streamId}`;
    const queue = waiting.get(key);
    if (queue) {
      // Events arrive in written order, so each stream's queue stays in version order.
      queue.events.push(event);
      return;
    }
    try {
      await project(projection, store, event);
    } catch (error) {
      waiting.set(key, { projection, events: [event], error: (error as Error).message });
    }
  };
  for (const event of inWrittenOrder(events)) {
    const category = streamCategory(event.streamId);
    for (const p of projections) if (p.streams.includes(category)) await apply(p.projection, event);
  }
  // Drain what waited, for as long as something moves.
  for (let progress = true; progress && waiting.size > 0;) {
    progress = false;
    for (const [key, queue] of waiting) {
      while (queue.events.length) {
        try {
          await project(queue.projection, store, queue.events[0]);
          queue.events.shift();
          progress = true;
        } catch (error) {
          queue.error = (error as Error).message;
          break;
        }
      }
      if (!queue.events.length) waiting.delete(key);
    }
  }
  const stuck = [...waiting].map(([key, queue]) => {
    const { projection, streamId } = splitProjectionKey(key);
    return { projection, streamId, error: queue.error };
  });
  return { store, stuck };
}

async function writeAll(table: string, items: Record<string, unknown>[], concurrency = 8) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await eachConcurrently(batches, concurrency, async (batch) => {
    let pending = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length; attempt++) {
      const out = await dynamoClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = (out.UnprocessedItems?.[table] ?? []) as typeof pending;
      if (pending.length) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    }
  });
}

/** Rebuilds every projector's views from the whole log into `target`: empty tables shaped like `views` and `counters`. */
export async function rebuildViews(target: { views: string; counters: string }): Promise<RebuildResult> {
  const projections = consumers
    .filter((c) => c.streams.length > 0)
    .map((c) => {
      const projection = projectionsByConsumer[c.name];
      if (!projection) throw new Error(`No projection is known for the projector ${c.name} (functions/projections.ts)`);
      return { name: c.name, streams: c.streams, projection };
    });
  const scanned = await scanEventLog();
  const { events, cut } = upToFirstGap(scanned.events);
  const unreadable = scanned.unreadable;
  const unreadableAt = new Set(unreadable.map((u) => `${u.streamId}|${u.version}`));
  const behindUnreadable = cut.filter((c) => unreadableAt.has(`${c.streamId}|${c.from}`));
  const writtenDuringScan = cut.filter((c) => !unreadableAt.has(`${c.streamId}|${c.from}`));
  const { store, stuck } = await replay(events, projections);
  const items: ViewItem[] = Object.values(store.snapshot());
  for (const [id, version] of store.checkpoints()) {
    const { projection, streamId } = splitProjectionKey(id);
    items.push({ ...checkpointKey(projection, streamId), version });
  }
  await Promise.all([
    writeAll(
      target.views,
      items.filter((item) => !isCounterKey(item)),
    ),
    writeAll(target.counters, items.filter(isCounterKey)),
  ]);
  return { events: events.length, items: items.length, stuck, behindUnreadable, writtenDuringScan, unreadable };
}
