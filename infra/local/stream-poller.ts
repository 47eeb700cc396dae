/**
 * Stands in for the Lambda event-source mapping on the events table's DynamoDB Stream: follows
 * every shard from TRIM_HORIZON (children after their parent), calls the relay with
 * DynamoDBStreamEvent-shaped batches, and on failure retries the same records in order
 * (honouring `batchItemFailures` as a checkpoint, as ReportBatchItemFailures does).
 */
import { randomUUID } from 'node:crypto';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type AttributeValue as StreamAttributeValue,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { AwsClientConfig } from './dynamodb-local.js';
import { lambdaContext, type StreamHandler } from './handlers.js';
import { doorbell, errorMessage, sleep, throttledError, type Doorbell, type Log } from './util.js';

export interface StreamPollerOptions {
  config: AwsClientConfig;
  streamArn: string;
  loadHandler: () => Promise<StreamHandler>;
  handlerName: string;
  log: Log;
  /** Records per relay invocation (the CDK mapping's batch size). */
  batchSize?: number;
  /** Sleep after the first empty poll of a shard; each further empty poll doubles it, up to `maxIdleMs`. */
  idleMs?: number;
  maxIdleMs?: number;
  /**
   * Rung when something may have appended an event: an idle shard is read again at once, and its sleeps start short
   * again. Without it an idle cloud polled its stream 50 times a second, a seventh of a core with nothing to read.
   */
  appended?: Doorbell;
}

export interface StreamPoller {
  stop(): Promise<void>;
  /** Resolves once every open shard has been read to its end at least once after the call. */
  caughtUp(timeoutMs: number): Promise<boolean>;
  stats(): { invocations: number; records: number; failures: number };
  /**
   * Stops reading the stream until the returned function is called; the records wait in the stream meanwhile. For
   * the ingest bench, which measures the API with and without the work that follows each append.
   */
  hold(): () => void;
}

interface ShardState {
  id: string;
  parentId?: string;
  done: boolean;
  running: boolean;
  /** Incremented each time a GetRecords on this shard returns nothing more to do. */
  emptyPolls: number;
}

/** How often the stream's shards are listed again while one is being read, when nothing asks sooner. */
const DISCOVER_EVERY_MS = 2_000;
/** …and while none is (a stream whose first shard has yet to appear). */
const DISCOVER_IDLE_MS = 500;

export function startStreamPoller(opts: StreamPollerOptions): StreamPoller {
  const client = new DynamoDBStreamsClient({ ...opts.config, maxAttempts: 3 });
  const batchSize = opts.batchSize ?? 100;
  const idleMs = opts.idleMs ?? 20;
  const maxIdleMs = opts.maxIdleMs ?? 250;
  const appended = opts.appended ?? doorbell();
  /** Rung when a shard has been read to its end, which is when a new shard (its child) starts to matter. */
  const shardEnded = doorbell();
  const abort = new AbortController();
  const shards = new Map<string, ShardState>();
  const workers = new Set<Promise<void>>();
  const reportError = throttledError(opts.log);
  const counters = { invocations: 0, records: 0, failures: 0 };
  let held: { until: Promise<void>; release: () => void } | undefined;
  abort.signal.addEventListener('abort', () => held?.release());
  /** Waits while the poller is held; false once it is stopping. */
  const heldBack = async () => {
    while (held) await held.until;
    return !abort.signal.aborted;
  };

  async function discover() {
    const found: Shard[] = [];
    let start: string | undefined;
    do {
      const page = await client.send(new DescribeStreamCommand({ StreamArn: opts.streamArn, ExclusiveStartShardId: start }), {
        abortSignal: abort.signal,
      });
      found.push(...(page.StreamDescription?.Shards ?? []));
      start = page.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    for (const shard of found) {
      if (!shard.ShardId || shards.has(shard.ShardId)) continue;
      shards.set(shard.ShardId, { id: shard.ShardId, parentId: shard.ParentShardId, done: false, running: false, emptyPolls: 0 });
    }
    for (const state of shards.values()) {
      if (state.running || state.done) continue;
      const parent = state.parentId ? shards.get(state.parentId) : undefined;
      if (parent && !parent.done) continue; // ordering: a child starts after its parent is drained
      state.running = true;
      const worker = runShard(state).finally(() => {
        state.running = false;
        // A shard read to its end may have a child waiting for it: look for it now rather than at the next round.
        if (state.done) shardEnded.ring();
        workers.delete(worker);
      });
      workers.add(worker);
    }
  }

  async function iteratorAfter(shardId: string, lastSequence: string | undefined) {
    const out = await client.send(
      new GetShardIteratorCommand(
        lastSequence
          ? { StreamArn: opts.streamArn, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: lastSequence }
          : { StreamArn: opts.streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' },
      ),
      { abortSignal: abort.signal },
    );
    return out.ShardIterator;
  }

  async function runShard(state: ShardState) {
    let lastSequence: string | undefined;
    let iterator: string | undefined;
    let pending: StreamRecord[] = [];
    let failures = 0;
    let emptyInARow = 0;
    let rings = appended.rings();
    while (!abort.signal.aborted) {
      try {
        if (pending.length === 0) {
          iterator ??= await iteratorAfter(state.id, lastSequence);
          if (!iterator) {
            state.done = true;
            state.emptyPolls++;
            return;
          }
          if (!(await heldBack())) return;
          const out = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }), { abortSignal: abort.signal });
          pending = out.Records ?? [];
          iterator = out.NextShardIterator;
          if (pending.length === 0) {
            state.emptyPolls++;
            if (!iterator) {
              state.done = true;
              return;
            }
            if (appended.rings() !== rings) emptyInARow = 0;
            rings = appended.rings();
            await appended.wait(Math.min(maxIdleMs, idleMs * 2 ** Math.min(emptyInARow++, 8)), abort.signal);
            continue;
          }
          emptyInARow = 0;
        }
        // Also records read just before the hold began.
        if (!(await heldBack())) return;
        const batch = pending.slice(0, batchSize);
        const handled = await invoke(batch);
        if (handled > 0) {
          lastSequence = batch[handled - 1].dynamodb?.SequenceNumber ?? lastSequence;
          pending = pending.slice(handled);
        }
        if (handled < batch.length) throw new RetryBatch();
        failures = 0;
      } catch (err) {
        if (abort.signal.aborted) return;
        failures++;
        if (!(err instanceof RetryBatch)) {
          // Reading failed (expired iterator, emulator hiccup): resume after the last record handled;
          // records already fetched but not yet handled are read again.
          iterator = undefined;
          pending = [];
          // DynamoDB Local answers the first read of a shard being written fast (the seed) with TrimmedDataAccess
          // now and then; a fresh iterator reads it. Only a failure that repeats is worth a line.
          const firstTrim = failures === 1 && (err as { name?: string }).name === 'TrimmedDataAccessException';
          if (!firstTrim) reportError(`read:${state.id}`, `stream poller: reading shard ${state.id} failed: ${errorMessage(err)}`);
        }
        await sleep(Math.min(2_000, 50 * 2 ** Math.min(failures, 6)), abort.signal);
      }
    }
  }

  /** Calls the relay; answers how many leading records of the batch are done. */
  async function invoke(batch: StreamRecord[]): Promise<number> {
    let handler: StreamHandler;
    try {
      handler = await opts.loadHandler();
    } catch (err) {
      reportError('load', `stream poller: cannot load the relay (${opts.handlerName}); records wait until it loads: ${errorMessage(err)}`);
      return 0;
    }
    const event: DynamoDBStreamEvent = { Records: batch.map((r) => toLambdaRecord(r, opts.streamArn, opts.config.region)) };
    counters.invocations++;
    try {
      const result = await handler(event, lambdaContext(opts.handlerName, randomUUID(), opts.config.region));
      const failed = result && typeof result === 'object' && Array.isArray(result.batchItemFailures) ? result.batchItemFailures : [];
      if (failed.length === 0) {
        counters.records += batch.length;
        return batch.length;
      }
      // Checkpoint semantics: everything before the first failed sequence number is done.
      const firstFailed = batch.findIndex((r) => failed.some((f) => f.itemIdentifier === r.dynamodb?.SequenceNumber));
      const handled = firstFailed === -1 ? 0 : firstFailed;
      counters.records += handled;
      counters.failures++;
      reportError(
        'relay',
        `stream poller: the relay reported ${failed.length} failed record(s); retrying from sequence ${batch[handled]?.dynamodb?.SequenceNumber}`,
      );
      return handled;
    } catch (err) {
      counters.failures++;
      reportError('relay', `stream poller: the relay threw; retrying the same ${batch.length} record(s)`, err);
      return 0;
    }
  }

  const discoverLoop = (async () => {
    let failures = 0;
    while (!abort.signal.aborted) {
      // A shard that ends while the shards are being listed rings no one waiting: the count says to list them again.
      const ended = shardEnded.rings();
      try {
        await discover();
        failures = 0;
      } catch (err) {
        if (abort.signal.aborted) break;
        failures++;
        reportError('describe', `stream poller: DescribeStream failed: ${errorMessage(err)}`);
      }
      // New shards appear rarely, and a closed shard's child is looked for as soon as its parent is read to its end: the
      // rounds only catch what else changed. A stream with no shard being read (a table not yet written) is looked at often.
      if (shardEnded.rings() !== ended && !failures) continue;
      const reading = [...shards.values()].some((state) => state.running);
      await shardEnded.wait(failures ? 1_000 : reading ? DISCOVER_EVERY_MS : DISCOVER_IDLE_MS, abort.signal);
    }
  })();

  return {
    async stop() {
      abort.abort();
      await Promise.allSettled([discoverLoop, ...workers]);
      client.destroy();
    },
    async caughtUp(timeoutMs) {
      appended.ring();
      const deadline = Date.now() + timeoutMs;
      const marks = new Map([...shards.values()].map((s) => [s.id, s.emptyPolls]));
      while (Date.now() < deadline) {
        const all = [...shards.values()];
        for (const s of all) if (!marks.has(s.id)) marks.set(s.id, s.emptyPolls);
        if (all.length > 0 && all.every((s) => s.done || s.emptyPolls > marks.get(s.id)!)) return true;
        await sleep(5);
      }
      return false;
    },
    stats: () => ({ ...counters }),
    hold() {
      if (!held) {
        let release!: () => void;
        const until = new Promise<void>((resolve) => (release = resolve));
        held = {
          until,
          release: () => {
            held = undefined;
            release();
          },
        };
      }
      return held.release;
    },
  };
}

class RetryBatch extends Error {}

/** The SDK's record → the JSON shape Lambda delivers (epoch seconds, base64 binaries, empty maps repaired). */
function toLambdaRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  const created = d.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ApproximateCreationDateTime: created instanceof Date ? Math.floor(created.getTime() / 1000) : created,
      Keys: d.Keys ? toJsonImage(d.Keys) : undefined,
      NewImage: d.NewImage ? toJsonImage(d.NewImage) : undefined,
      OldImage: d.OldImage ? toJsonImage(d.OldImage) : undefined,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
  };
}

type JsonAttributeValue = Record<string, unknown>;

function toJsonImage(image: Record<string, StreamAttributeValue>): Record<string, never> {
  return Object.fromEntries(Object.entries(image).map(([k, v]) => [k, toJsonValue(v)])) as Record<string, never>;
}

function toJsonValue(value: StreamAttributeValue): JsonAttributeValue {
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  if (value.B !== undefined) return { B: b64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(b64) };
  if (value.M !== undefined) return { M: toJsonImage(value.M) };
  if (value.L !== undefined) return { L: value.L.map(toJsonValue) };
  // DynamoDB Local 3.3's stream writes an empty map as {} (DynamoDB Streams sends {"M":{}}); an
  // attribute value with no type at all can only be that empty map.
  if (Object.values(value as unknown as Record<string, unknown>).every((v) => v === undefined)) return { M: {} };
  return value as unknown as JsonAttributeValue;
}
