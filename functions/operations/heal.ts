/**
 * Heals one stream in one projection's live views without a rebuild: the stream's events are projected again in memory
 * (reading what the projection reads from other views, live), and the items they leave are written with the stream's
 * checkpoint set to its head, in transactions conditional on that checkpoint so a live projector cannot interleave.
 * The same in-memory image of a stream serves the drift detector (./drift.ts).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DomainEvent } from '../../events/index.js';
import { consumers, streamCategory } from '../consumers.js';
import { conflict, notFound } from '../platform/errors.js';
import { dynamoClient } from '../platform/aws.js';
import { appendBlind, readStream, type AppendContext } from '../platform/event-store.js';
import { projectorNamed } from './rebuild-views.js';
import {
  applyViewOp,
  project,
  type Projection,
  type ViewItem,
  type ViewKey,
  viewKeyId,
  type ViewOp,
  type ViewReader,
  type ViewStore,
  wins,
} from '../platform/projection.js';
import { activeGenerations, physicalItem, physicalOp } from '../platform/view-generations.js';
import { checkpointKey, dynamoViewStore, tableOf, toTransactItem } from '../platform/views.js';

type KeepPut = Extract<ViewOp, { kind: 'put' }> & { keep: NonNullable<Extract<ViewOp, { kind: 'put' }>['keep']> };

/** One item a stream's events write, as they leave it. */
export interface ItemImage {
  key: ViewKey;
  /** The item after the stream's last event, or null where the stream deletes it. */
  item: ViewItem | null;
  /**
   * The fields the stream writes on it (by put, set or remove). The others belong to other streams (an artist's album
   * count, added by its albums' streams), so a heal leaves them as stored and the drift detector does not judge them.
   */
  fields: string[];
}

/** What one stream's events make of one projection's views. */
export interface StreamImage {
  items: ItemImage[];
  /**
   * Items many streams write where the winner is kept (a listener's latest play of a track): the stream's best
   * candidate for each, written with its condition; one stream alone cannot tell what is stored.
   */
  keeps: KeepPut[];
  /** Counter items the stream adds to: the sum of many streams', left out of a heal and of the drift check. */
  counters: ViewKey[];
}

const keyOfOp = (op: ViewOp): ViewKey => (op.kind === 'put' ? { pk: op.item.pk, sk: op.item.sk } : op.key);
const isKeep = (op: ViewOp): op is KeepPut => op.kind === 'put' && op.keep !== undefined;

/**
 * A view store in memory over the live views: an item the replay has not written is read from `live`, except the
 * `fresh` ones (items the stream makes itself: it puts them whole at some point, or deletes them first), which start
 * empty so that what is stored now (perhaps the very drift to heal) cannot leak into the replay. An item the stream
 * updates before its own put is fresh too: a playlist's tracks set while it was a draft, then its searched document put
 * by the publish, must not find the published document of today before it. Records every op by item.
 */
function overlayStore(live: ViewReader, fresh: Set<string>) {
  const items = new Map<string, ViewItem | null>();
  const checkpoints = new Map<string, number>();
  const written = new Map<string, { key: ViewKey; ops: ViewOp[] }>();
  const base = async (key: ViewKey): Promise<ViewItem | undefined> => {
    const id = viewKeyId(key);
    if (!items.has(id)) items.set(id, fresh.has(id) ? null : ((await live.get(key)) ?? null));
    return items.get(id) ?? undefined;
  };
  const store: ViewStore = {
    async get(key) {
      const item = await base(key);
      return item && structuredClone(item);
    },
    checkpoint: (projection, streamId) => Promise.resolve(checkpoints.get(`${projection}|${streamId}`) ?? 0),
    async commit(projection, streamId, from, to, ops) {
      if ((checkpoints.get(`${projection}|${streamId}`) ?? 0) !== from) return false;
      for (const op of ops) {
        const key = keyOfOp(op);
        const id = viewKeyId(key);
        const entry = written.get(id) ?? { key, ops: [] };
        entry.ops.push(op);
        written.set(id, entry);
        items.set(id, applyViewOp(await base(key), op) ?? null);
      }
      checkpoints.set(`${projection}|${streamId}`, to);
      return true;
    },
  };
  return { store, items, written };
}

async function replayOnce(projection: Projection, events: DomainEvent[], live: ViewReader, fresh: Set<string>) {
  const overlay = overlayStore(live, fresh);
  for (const event of events) {
    try {
      await project(projection, overlay.store, event);
    } catch (error) {
      throw conflict(
        'STREAM_NOT_PROJECTABLE',
        `${projection.name} cannot project ${event.streamId} v${event.version} (${event.type}): ${(error as Error).message}`,
      );
    }
  }
  return overlay;
}

/**
 * The image of one stream in one projection: its events (in version order) projected again over `live`. Which items
 * the stream makes itself is learnt from a first replay, then the replay runs again with those starting empty.
 */
export async function streamImage(projection: Projection, events: DomainEvent[], live: ViewReader): Promise<StreamImage> {
  const ordered = [...events].sort((a, b) => a.version - b.version);
  let fresh = new Set<string>();
  let overlay = await replayOnce(projection, ordered, live, fresh);
  for (let round = 0; round < 3; round++) {
    const next = new Set(
      [...overlay.written]
        .filter(([, { ops }]) => ops[0].kind === 'delete' || ops.some((op) => op.kind === 'put' && !op.keep))
        .map(([id]) => id),
    );
    if (next.size === fresh.size && [...next].every((id) => fresh.has(id))) break;
    fresh = next;
    overlay = await replayOnce(projection, ordered, live, fresh);
  }
  const image: StreamImage = { items: [], keeps: [], counters: [] };
  for (const [id, { key, ops }] of overlay.written) {
    if (ops.some((op) => op.kind === 'update' && op.add && Object.keys(op.add).length > 0)) image.counters.push(key);
    else if (ops.every(isKeep)) image.keeps.push(ops.filter(isKeep).reduce((best, op) => (wins(op.item, best.item, op.keep) ? op : best)));
    else {
      const fields = new Set<string>();
      for (const op of ops) {
        if (op.kind === 'put') Object.keys(op.item).forEach((f) => fields.add(f));
        if (op.kind === 'update') [...Object.keys(op.set ?? {}), ...(op.remove ?? [])].forEach((f) => fields.add(f));
      }
      fields.delete('pk');
      fields.delete('sk');
      image.items.push({ key, item: overlay.items.get(id) ?? null, fields: [...fields].sort() });
    }
  }
  return image;
}

/** The writes that make the live views match an image: its items' fields set or removed, or the items deleted; its keeps. Pure. */
export function healOps(image: StreamImage): ViewOp[] {
  const ops: ViewOp[] = [];
  for (const { key, item, fields } of image.items) {
    if (item === null) {
      ops.push({ kind: 'delete', key });
      continue;
    }
    const present = fields.filter((f) => item[f] !== undefined);
    const absent = fields.filter((f) => item[f] === undefined);
    if (present.length + absent.length === 0) continue;
    ops.push({
      kind: 'update',
      key,
      set: Object.fromEntries(present.map((f) => [f, item[f]])),
      ...(absent.length ? { remove: absent } : {}),
    });
  }
  return [...ops, ...image.keeps];
}

/** The projector lines that read a stream (by its category). */
export const projectorsOf = (streamId: string) =>
  consumers.filter((c) => c.kind === 'projector' && c.streams.includes(streamCategory(streamId))).map((c) => c.name);

/** Items per transaction besides the checkpoint (DynamoDB takes 100). */
const CHUNK = 99;

class CheckpointMoved extends Error {}

/**
 * Writes `ops` with the stream's checkpoint set from `from` to `to`: the first transaction on condition that it is
 * still `from`, each next one that it is still `to`. A live projector that applied an event meanwhile fails that
 * condition (CheckpointMoved: heal again), and one that tries after finds the checkpoint at the head (a duplicate).
 */
async function writeHealed(projection: string, streamId: string, from: number, to: number, ops: ViewOp[]) {
  // In the projection's active generation, as the live projector writes (functions/platform/view-generations.ts).
  const generations = await activeGenerations();
  const checkpoint = physicalItem(checkpointKey(projection, streamId), generations);
  const chunks: ViewOp[][] = [];
  for (let i = 0; i < ops.length || i === 0; i += CHUNK) chunks.push(ops.slice(i, i + CHUNK));
  for (const [i, chunk] of chunks.entries()) {
    const expected = i === 0 ? from : to;
    let pending = chunk;
    for (;;) {
      try {
        await dynamoClient().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableOf(checkpoint),
                  Item: { ...checkpoint, version: to },
                  ConditionExpression: expected === 0 ? 'attribute_not_exists(pk)' : 'version = :from',
                  ...(expected === 0 ? {} : { ExpressionAttributeValues: { ':from': expected } }),
                },
              },
              ...pending.map((op) => toTransactItem(physicalOp(op, generations))),
            ],
          }),
        );
        break;
      } catch (error) {
        const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
        const failed = (j: number) => reasons[j]?.Code === 'ConditionalCheckFailed';
        if (failed(0) || reasons.some((r) => r.Code === 'TransactionConflict')) throw new CheckpointMoved();
        // A `keep` put that loses (what is stored wins) is a no-op, as in the projector.
        const kept = pending.filter((op, j) => !(isKeep(op) && failed(j + 1)));
        if (kept.length === pending.length) throw error;
        pending = kept;
      }
    }
  }
}

interface HealResult {
  projection: string;
  streamId: string;
  /** The stream's version the views now reflect. */
  version: number;
  /** The checkpoint before. */
  from: number;
  /** View items written (set, deleted, or kept where they win). */
  items: number;
}

/**
 * Projects one stream again into the live views of one projection and sets its checkpoint to the stream's head;
 * recorded as `StreamHealed` in `ops#heal#<projection>`, the operator its actor. Unknown projection or a stream it
 * does not read, or one with no events: 404. Raced three times by the live projector: 409.
 */
export async function healStream(name: string, streamId: string, context: AppendContext): Promise<HealResult> {
  const { consumer, projection } = projectorNamed(name);
  if (!consumer.streams.includes(streamCategory(streamId)))
    throw notFound('STREAM_NOT_PROJECTED', `${name} does not read ${streamCategory(streamId)} streams such as ${streamId}`);
  for (let attempt = 0; attempt < 3; attempt++) {
    const from = await dynamoViewStore.checkpoint(name, streamId);
    const events = await readStream(streamId);
    if (events.length === 0) throw notFound('STREAM_NOT_FOUND', `The event log has no stream ${streamId}`);
    const to = events[events.length - 1].version;
    const ops = healOps(await streamImage(projection, events, dynamoViewStore));
    try {
      await writeHealed(name, streamId, from, to, ops);
    } catch (error) {
      if (error instanceof CheckpointMoved) continue;
      throw error;
    }
    await appendBlind(
      `ops#heal#${name}`,
      [{ type: 'StreamHealed', data: { projection: name, streamId, version: to, items: ops.length } }],
      context,
    );
    return { projection: name, streamId, version: to, from, items: ops.length };
  }
  throw conflict('HEAL_RACED', `${name} kept projecting ${streamId} while it was healed: try again`);
}
