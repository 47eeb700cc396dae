/**
 * An in-memory EventStore with the DynamoDB one's decisions, for unit tests of commands: an append lands only at the
 * versions it expects (ConcurrencyError), takes its reservations with it (ReservationTakenError) and passes its guards
 * (GuardRefusedError), all or nothing, and every event goes through its schema on the way in.
 */
import { registry, type DomainEvent, type StoredEvent } from '../../events/index.js';
import {
  ConcurrencyError,
  GuardRefusedError,
  ReservationTakenError,
  toStoredEvents,
  type AppendContext,
  type AppendGuard,
  type EventStore,
  type Reservation,
  type StreamAppend,
} from './event-store.js';

/**
 * A guard's condition as the memory store understands it: `attribute_not_exists(…)` holds until an append that carried
 * a guard on the same item has landed (a play's end completes it once). Any other condition is refused loudly, so a test
 * never passes on a guard the memory store cannot judge.
 */
const guardItem = (guard: AppendGuard) => {
  if (!/^attribute_not_exists\(\w+\)$/.test(guard.ConditionExpression.trim()))
    throw new Error(`The memory event store cannot judge the guard condition ${guard.ConditionExpression}`);
  return `${guard.TableName}|${JSON.stringify(guard.Key)}`;
};

export function memoryEventStore() {
  const streams = new Map<string, StoredEvent[]>();
  const log: StoredEvent[] = [];
  const reservations = new Map<string, string>();
  const guarded = new Set<string>();

  const versionOf = (streamId: string) => streams.get(streamId)?.at(-1)?.version ?? 0;
  // What the store hands out is a copy, as a read of the table is: a caller changing it changes nothing stored.
  const read = (events: StoredEvent[]) => events.map((event) => registry.upcast(structuredClone(event)));

  /** Lands an append whole, or throws why it may not, having written nothing. */
  function land(appends: StreamAppend[], context: AppendContext, taken: Reservation[] = [], guards: AppendGuard[] = []): StoredEvent[][] {
    const stored = appends.map((a) => toStoredEvents(a.streamId, a.expectedVersion, a.events, context));
    if (stored.flat().length === 0) return stored;
    // Judged in the order the DynamoDB store reports a cancelled transaction: guards, reservations, then versions.
    const items = guards.map(guardItem);
    const refused = items.findIndex((item) => guarded.has(item));
    if (refused >= 0) throw new GuardRefusedError(guards[refused].Key);
    const reservation = taken.find((r) => reservations.has(r.key));
    if (reservation) throw new ReservationTakenError(reservation.key);
    for (const a of appends) {
      const present = new Set((streams.get(a.streamId) ?? []).map((e) => e.version));
      if (a.events.some((_, i) => present.has(a.expectedVersion + i + 1))) throw new ConcurrencyError(a.streamId, a.expectedVersion);
    }
    for (const r of taken) reservations.set(r.key, r.owner);
    for (const item of items) guarded.add(item);
    for (const event of stored.flat()) {
      streams.set(
        event.streamId,
        [...(streams.get(event.streamId) ?? []), structuredClone(event)].sort((a, b) => a.version - b.version),
      );
      log.push(structuredClone(event));
    }
    return stored;
  }

  const store: EventStore & {
    /** Every event appended, in the order they landed: what a test of a command asserts on. */
    all(): DomainEvent[];
  } = {
    readStream(streamId, afterVersion = 0) {
      return Promise.resolve(read((streams.get(streamId) ?? []).filter((e) => e.version > afterVersion)));
    },
    readStreamBefore(streamId, beforeVersion) {
      return Promise.resolve(read((streams.get(streamId) ?? []).filter((e) => e.version < beforeVersion)));
    },
    streamVersion(streamId) {
      return Promise.resolve(versionOf(streamId));
    },
    async appendToStream(streamId, expectedVersion, events, context, taken = []) {
      const [stored] = await store.appendToStreams([{ streamId, expectedVersion, events }], context, taken);
      return stored;
    },
    appendToStreams(appends, context, taken = [], guards = []) {
      // A refusal thrown while landing rejects the promise, as a failed write to the table does.
      return new Promise((resolve) => resolve(land(appends, context, taken, guards)));
    },
    async appendBlind(streamId, events, context, { guard } = {}) {
      const [stored] = await store.appendToStreams(
        [{ streamId, expectedVersion: versionOf(streamId), events }],
        context,
        [],
        guard ? [guard] : [],
      );
      return stored;
    },
    reservationOwner(key) {
      return Promise.resolve(reservations.get(key));
    },
    releaseReservation(key, owner) {
      if (reservations.get(key) === owner) reservations.delete(key);
      return Promise.resolve();
    },
    all() {
      return read(log);
    },
  };
  return store;
}
