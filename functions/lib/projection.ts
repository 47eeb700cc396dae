/**
 * Idempotent, ordered projections. A projection turns one event into view writes; the projector
 * applies them together with a per-(projection, stream) checkpoint, only when the event is the next
 * version of its stream: duplicates are skipped, a gap is retried later.
 */
import type { DomainEvent, EventType } from '../../events/index.js';

export interface ViewKey {
  pk: string;
  sk: string;
}
export type ViewItem = ViewKey & Record<string, unknown>;

export type ViewOp =
  /**
   * With `keep`, the put lands only where no item is stored or this item's `field` wins against the stored one's
   * (sorts strictly before it for 'lowest', after it for 'highest'); the put that loses is a no-op. Streams writing
   * one item in parallel then agree on it whatever order they land in.
   */
  | { kind: 'put'; item: ViewItem; keep?: { field: string; winner: 'lowest' | 'highest' } }
  /** `remove` drops attributes, e.g. the index keys of an item that leaves a listing (an index key cannot be null). */
  | { kind: 'update'; key: ViewKey; set?: Record<string, unknown>; add?: Record<string, number>; remove?: string[] }
  | { kind: 'delete'; key: ViewKey };

export interface ViewReader {
  get(key: ViewKey): Promise<ViewItem | undefined>;
}

export interface Projection {
  /** Names the checkpoints, so two projections of one stream never share them. */
  name: string;
  events: readonly EventType[];
  apply(event: DomainEvent, views: ViewReader): Promise<ViewOp[]> | ViewOp[];
}

/** The port a projector writes through: DynamoDB in the system, an in-memory fake in unit tests. */
export interface ViewStore extends ViewReader {
  checkpoint(projection: string, streamId: string): Promise<number>;
  /** Writes the ops and moves the checkpoint from `from` to `to` atomically; false if the checkpoint was not `from`. */
  commit(projection: string, streamId: string, from: number, to: number, ops: ViewOp[]): Promise<boolean>;
}

export class StreamGapError extends Error {
  readonly code = 'STREAM_GAP';
  constructor(streamId: string, applied: number, incoming: number) {
    super(`${streamId}: applied up to v${applied}, got v${incoming}; waiting for the missing events`);
  }
}

export type ProjectOutcome = 'applied' | 'skipped';

export async function project(projection: Projection, store: ViewStore, event: DomainEvent): Promise<ProjectOutcome> {
  // Nearly every event is the next of its stream: commit as if it were, and read the checkpoint only when the
  // commit (conditional on it) says otherwise. One read fewer per event.
  let ops: ViewOp[];
  try {
    ops = projection.events.includes(event.type) ? await projection.apply(event, store) : [];
  } catch (error) {
    // A duplicate may fail to apply where its first delivery did not (it is done already), and an event after a
    // gap where the missing one would not (it waits for it).
    const applied = await store.checkpoint(projection.name, event.streamId);
    if (applied >= event.version) return 'skipped';
    if (applied < event.version - 1) throw new StreamGapError(event.streamId, applied, event.version);
    throw error;
  }
  if (await store.commit(projection.name, event.streamId, event.version - 1, event.version, ops)) return 'applied';
  // A duplicate (this version is applied already), or a gap (an earlier version has not arrived yet).
  const applied = await store.checkpoint(projection.name, event.streamId);
  if (applied >= event.version) return 'skipped';
  throw new StreamGapError(event.streamId, applied, event.version);
}

/** Stamps a written view item with the event it reflects. */
/** The fields `stamp` writes: an item's last writer, which depends on the order streams were applied in. */
export const STAMP_FIELDS: readonly string[] = ['v', 'vStream'];

export function stamp(event: DomainEvent): Record<string, unknown> {
  return { v: event.version, vStream: event.streamId };
}
