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
  /**
   * `remove` drops attributes, e.g. the index keys of an item that leaves a listing (an index key cannot be null).
   * `spread` (a counter update: `add`, and `set` only of values every writer sets alike) may land in any of `spread`
   * partitions, `key.pk` or `<key.pk>#<n>` for n from 1 (spreadPk): a store writes all the spread updates of one flush
   * into one of them, so many streams' updates of one item add up into one write; readers add the partitions up.
   */
  | { kind: 'update'; key: ViewKey; set?: Record<string, unknown>; add?: Record<string, number>; remove?: string[]; spread?: number }
  | { kind: 'delete'; key: ViewKey };

export interface ViewReader {
  get(key: ViewKey): Promise<ViewItem | undefined>;
}

export interface Projection {
  /** Names the checkpoints, so two projections of one stream never share them. */
  name: string;
  events: readonly EventType[];
  apply(event: DomainEvent, views: ViewReader): Promise<ViewOp[]> | ViewOp[];
  /** The partitions its spread counts (ViewOp's `spread`) land in, for what compares its views item by item. */
  spread?: SpreadPartitions;
  /**
   * Partitions whose items hang on more than the log: kept by another writer (a scheduled job) or by the clock when the
   * event was projected. A rebuild writes what the log gives of them, and compares the rest (its parity leaves these out).
   */
  beyondTheLog?: (pk: string) => boolean;
}

/**
 * Where a projection's spread counts land: which stored partitions are one of a base partition's, and all of a base's.
 * Where the counts of one item land depends on how the live store batched them, so two copies of the views (the live
 * ones and a rebuild) are compared with each base's partitions added up (foldSpread).
 */
export interface SpreadPartitions {
  /** The base partition of `pk` when `pk` is one of a base's partitions (the base itself included); else undefined. */
  baseOf(pk: string): string | undefined;
  /** All the partitions of a base, the base first. */
  partitionsOf(base: string): string[];
  /** The numeric fields of its items that are values (a tier's price, a sketch register), not counts to add up. */
  values: readonly string[];
}

/**
 * The items of a projection's views with each base's spread partitions added up (SpreadPartitions): one item per base
 * partition and sort key, its counts summed, its other fields kept where all agree (else the list of their values,
 * sorted, which no one item equals). The items of other partitions are as they were. Pure.
 */
export function foldSpread(items: ViewItem[], spread: SpreadPartitions | undefined): ViewItem[] {
  if (!spread) return items;
  const folded = new Map<string, ViewItem[]>();
  const out: ViewItem[] = [];
  for (const item of items) {
    const base = spread.baseOf(item.pk);
    if (base === undefined) {
      out.push(item);
      continue;
    }
    const id = viewKeyId({ pk: base, sk: item.sk });
    const group = folded.get(id) ?? [];
    group.push({ ...item, pk: base });
    folded.set(id, group);
  }
  for (const group of folded.values()) {
    const [first] = group;
    const item: ViewItem = { pk: first.pk, sk: first.sk };
    for (const field of [...new Set(group.flatMap((i) => Object.keys(i)))].filter((f) => f !== 'pk' && f !== 'sk').sort()) {
      const values = group.map((i) => i[field]).filter((v) => v !== undefined);
      if (!spread.values.includes(field) && values.every((v) => typeof v === 'number')) {
        item[field] = values.reduce((a, b) => a + b, 0);
      } else {
        const distinct = [...new Set(values.map((v) => JSON.stringify(v)))].sort();
        item[field] = distinct.length === 1 ? values[0] : distinct;
      }
    }
    out.push(item);
  }
  return out;
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

/** FNV-1a of a string, a 32-bit unsigned integer: a stable spread of ids over partitions. Pure. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** The partition `n` of a spread item (see ViewOp): partition 0 is `pk` itself. Pure. */
export const spreadPk = (pk: string, n: number) => (n === 0 ? pk : `${pk}#${n}`);

/** `op` as written into partition `n % spread` of its item, for a spread update; any other op as it is. Pure. */
export function spreadOp(op: ViewOp, n: number): ViewOp {
  if (op.kind !== 'update' || !op.spread) return op;
  const { spread, ...written } = op;
  return { ...written, key: { ...op.key, pk: spreadPk(op.key.pk, n % spread) } };
}

/** One string per view item, for maps keyed by item. */
export const viewKeyId = (key: ViewKey) => `${key.pk}\u0000${key.sk}`;
/** The key of the item an op writes. */
export const opKeyOf = (op: ViewOp): ViewKey => (op.kind === 'put' ? op.item : op.key);

/**
 * The one op that leaves an item as `first` then `then` do, or undefined where none does (an op after a `keep` put or
 * before one, whose effect depends on the stored item, but for two `keep` puts of one rule; an update's set and
 * another's add of one field; removes). Pure.
 */
export function composeViewOps(first: ViewOp, then: ViewOp): ViewOp | undefined {
  // A spread update adds up only with another of the same spread: the store puts them into one partition.
  const spreadOf = (op: ViewOp) => (op.kind === 'update' ? (op.spread ?? 0) : 0);
  if (spreadOf(first) !== spreadOf(then)) return undefined;
  if ((then.kind === 'put' && !then.keep) || then.kind === 'delete') return then;
  if (then.kind === 'put') {
    // Two `keep` puts of one rule keep the best of the stored item and both: the better of the two, kept (the first on a tie).
    const sameRule = first.kind === 'put' && first.keep?.field === then.keep?.field && first.keep?.winner === then.keep?.winner;
    const field = then.keep?.field ?? '';
    const comparable =
      first.kind === 'put' &&
      ['string', 'number'].includes(typeof then.item[field]) &&
      typeof first.item[field] === typeof then.item[field];
    if (!sameRule || !comparable || !then.keep) return undefined;
    return wins(then.item, first.item, then.keep) ? then : first;
  }
  if (first.kind === 'put' && first.keep) return undefined;
  // An update of an item whose whole content the first op set (or cleared) is that content, changed: a put.
  if (first.kind !== 'update') return { kind: 'put', item: applyViewOp(first.kind === 'put' ? first.item : undefined, then)! };
  if (first.remove?.length || then.remove?.length) return undefined;
  const [firstSet, thenSet, firstAdd, thenAdd] = [first.set ?? {}, then.set ?? {}, first.add ?? {}, then.add ?? {}];
  if (Object.keys(thenSet).some((field) => field in firstAdd) || Object.keys(thenAdd).some((field) => field in firstSet)) return undefined;
  const add = { ...firstAdd };
  for (const [field, n] of Object.entries(thenAdd)) add[field] = (add[field] ?? 0) + n;
  return { kind: 'update', key: first.key, set: { ...firstSet, ...thenSet }, add, ...(first.spread ? { spread: first.spread } : {}) };
}

/**
 * Projects the leading events of one stream's `events` (consecutive versions, in order) as one commit: each event's
 * ops composed onto the ones before (a listener's ten plays in a batch add 10 to their counters once), its reads seeing
 * what the events before it wrote, each item read from the store once per run. It stops before an event it cannot add this way: one whose apply fails, whose ops do
 * not compose, or that would take the commit past `maxOps`. Returns how many events it applied (0 where it applied
 * none: fewer than two to take, or the commit refused as a duplicate or a gap); the caller projects the rest one by one
 * with `project()`, which sorts out duplicates, gaps and failures as it always does.
 */
export async function projectRun(projection: Projection, store: ViewStore, events: DomainEvent[], maxOps = 99): Promise<number> {
  const [first] = events;
  if (!first || events.length < 2) return 0;
  let ops = new Map<string, ViewOp>();
  // Each item is read once per run (every play of a run looks up its album), and seen with the run's ops on it.
  const reads = new Map<string, Promise<ViewItem | undefined>>();
  const pending: ViewReader = {
    async get(key) {
      const id = viewKeyId(key);
      const op = ops.get(id);
      const replaced = op && (op.kind === 'delete' || (op.kind === 'put' && !op.keep));
      if (!replaced && !reads.has(id)) reads.set(id, store.get(key));
      const stored = replaced ? undefined : structuredClone(await reads.get(id));
      return op ? applyViewOp(stored, op) : stored;
    },
  };
  let taken = 0;
  for (const event of events) {
    if (event.streamId !== first.streamId || event.version !== first.version + taken) break;
    let eventOps: ViewOp[];
    try {
      eventOps = projection.events.includes(event.type) ? await projection.apply(event, pending) : [];
    } catch {
      break;
    }
    const next = new Map(ops);
    const composed = eventOps.every((op) => {
      const id = viewKeyId(opKeyOf(op));
      const before = next.get(id);
      const op2 = before ? composeViewOps(before, op) : op;
      if (op2) next.set(id, op2);
      return op2 !== undefined;
    });
    if (!composed || next.size > maxOps) break;
    ops = next;
    taken += 1;
  }
  if (taken < 2) return 0;
  const committed = await store.commit(projection.name, first.streamId, first.version - 1, first.version + taken - 1, [...ops.values()]);
  return committed ? taken : 0;
}

/**
 * Projects one stream's `events` (in version order) as far as it can: each run of them that composes as one commit
 * (projectRun), each other event on its own (project()). It stops at the first event it cannot apply yet (a gap, or a
 * read of an item another stream has not written) and answers how many it applied or skipped as duplicates.
 */
export async function projectStream(projection: Projection, store: ViewStore, events: DomainEvent[]): Promise<number> {
  let done = 0;
  while (done < events.length) {
    const taken = await projectRun(projection, store, events.slice(done)).catch(() => 0);
    if (taken > 0) {
      done += taken;
      continue;
    }
    try {
      await project(projection, store, events[done]);
      done += 1;
    } catch {
      break;
    }
  }
  return done;
}

/** Stamps a written view item with the event it reflects. */
/** The fields `stamp` writes: an item's last writer, which depends on the order streams were applied in. */
export const STAMP_FIELDS: readonly string[] = ['v', 'vStream'];

export function stamp(event: DomainEvent): Record<string, unknown> {
  return { v: event.version, vStream: event.streamId };
}

/** How DynamoDB orders two values in a condition: two strings or two numbers; any other pair is not comparable. */
function order(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return undefined;
}

/** Whether a `keep` put of `item` replaces `stored` (a stored item without the field is kept, as DynamoDB's condition does). */
export function wins(item: ViewItem, stored: ViewItem, { field, winner }: NonNullable<Extract<ViewOp, { kind: 'put' }>['keep']>): boolean {
  const cmp = order(item[field], stored[field]);
  if (cmp === undefined) return false;
  return winner === 'lowest' ? cmp < 0 : cmp > 0;
}

/** The item a view op leaves where `stored` was (undefined: none), as DynamoDB writes it. Pure. */
export function applyViewOp(stored: ViewItem | undefined, op: ViewOp): ViewItem | undefined {
  if (op.kind === 'put') return !stored || !op.keep || wins(op.item, stored, op.keep) ? structuredClone(op.item) : stored;
  if (op.kind === 'delete') return undefined;
  const item: ViewItem = stored ? { ...stored } : { ...op.key };
  Object.assign(item, structuredClone(op.set ?? {}));
  for (const [field, n] of Object.entries(op.add ?? {})) item[field] = ((item[field] as number | undefined) ?? 0) + n;
  for (const field of op.remove ?? []) delete item[field];
  return item;
}
