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
   * With `keepLowest`, the put lands only where no item is stored or the stored item's `keepLowest` field sorts
   * after this one's; the put that loses is a no-op. Two streams writing one item in parallel then agree on it.
   */
  | { kind: 'put'; item: ViewItem; keepLowest?: string }
  | { kind: 'update'; key: ViewKey; set?: Record<string, unknown>; add?: Record<string, number> }
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
  const applied = await store.checkpoint(projection.name, event.streamId);
  if (event.version <= applied) return 'skipped';
  if (event.version > applied + 1) throw new StreamGapError(event.streamId, applied, event.version);
  const ops = projection.events.includes(event.type) ? await projection.apply(event, store) : [];
  if (await store.commit(projection.name, event.streamId, applied, event.version, ops)) return 'applied';
  // Someone else applied this version meanwhile (a duplicate delivery running in parallel).
  const now = await store.checkpoint(projection.name, event.streamId);
  if (now >= event.version) return 'skipped';
  throw new StreamGapError(event.streamId, now, event.version);
}

/** Stamps a written view item with the event it reflects. */
export function stamp(event: DomainEvent): Record<string, unknown> {
  return { v: event.version, vStream: event.streamId };
}
