/**
 * The event store: the port command handling uses (`EventStore`), and its implementation over DynamoDB
 * (`dynamoEventStore`): append with an expected version, reservations in the same transaction, read a stream.
 * It is the one place personal fields are sealed on the way in and opened on the way out (functions/platform/personal-data.ts):
 * every reader of the log (commands, projectors, reactors, rebuilds, exports, history) gets events through `readEvent`.
 * The in-memory implementation, for unit tests, is functions/platform/memory-event-store.ts.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { registry, type DomainEvent, type NewEvent, type StoredEvent } from '../../events/index.js';
import { dynamoClient } from './aws.js';
import { env } from './env.js';
import { personalData } from './personal-data.js';
import { retry } from './retry.js';

export class ConcurrencyError extends Error {
  readonly code = 'CONCURRENCY';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} has moved past version ${expectedVersion}`);
  }
}

export const isConcurrencyError = (error: unknown) => error instanceof ConcurrencyError;

export class ReservationTakenError extends Error {
  readonly code = 'RESERVATION_TAKEN';
  constructor(readonly key: string) {
    super(`${key} is already taken`);
  }
}

/**
 * A conditional update of an item in another table, written in the same transaction as the events: the append lands
 * only where its condition holds, and fails with GuardRefusedError where it does not (a counted play's end completes it
 * once: functions/listening/http/plays.ts).
 */
export interface AppendGuard {
  TableName: string;
  Key: Record<string, string>;
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export class GuardRefusedError extends Error {
  readonly code = 'GUARD_REFUSED';
  constructor(readonly key: Record<string, string>) {
    super(`The append's guard ${JSON.stringify(key)} refused it`);
  }
}

export interface Reservation {
  /** e.g. `email#ada@example.com`; stored as the stream `reservation#<key>`. */
  key: string;
  owner: string;
}

export interface AppendContext {
  actor: string;
  correlationId: string;
  causationId?: string;
  /** The HTTP route whose request appended the events (`POST /api/cart/checkout`), when a request did. */
  route?: string;
  /** Defaults to the current time; passed in so callers and tests control the clock. */
  at?: Date;
}

const reservationStream = (key: string) => `reservation#${key}`;

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** The items an append of `events` after `expectedVersion` writes: validated, numbered and stamped with their meta. */
export function toStoredEvents(streamId: string, expectedVersion: number, events: NewEvent[], context: AppendContext): StoredEvent[] {
  const at = (context.at ?? new Date()).toISOString();
  return events.map((event, i) => {
    const valid = registry.validate(event);
    return {
      streamId,
      version: expectedVersion + i + 1,
      type: valid.type,
      schemaVersion: registry.currentVersion(valid.type),
      data: valid.data,
      meta: {
        eventId: randomUUID(),
        at,
        actor: context.actor,
        correlationId: context.correlationId,
        ...(context.causationId ? { causationId: context.causationId } : {}),
        ...(context.route ? { route: context.route } : {}),
      },
    };
  });
}

/**
 * Appends events after `expectedVersion` (0 for a new stream). Each event is a conditional put of
 * its version, so a concurrent writer of the same version makes exactly one of them fail.
 */
export async function appendToStream(
  streamId: string,
  expectedVersion: number,
  events: NewEvent[],
  context: AppendContext,
  reservations: Reservation[] = [],
): Promise<StoredEvent[]> {
  const [stored] = await appendToStreams([{ streamId, expectedVersion, events }], context, reservations);
  return stored;
}

/** What one stream gets in a joint append. */
export interface StreamAppend {
  streamId: string;
  expectedVersion: number;
  events: NewEvent[];
}

/**
 * Appends to several streams in one transaction: all land or none (a user's role and the roster of admins). A stream
 * that moved fails the whole append with a ConcurrencyError naming it. Answers each stream's stored events, in order.
 */
export async function appendToStreams(
  appends: StreamAppend[],
  context: AppendContext,
  reservations: Reservation[] = [],
  guards: AppendGuard[] = [],
): Promise<StoredEvent[][]> {
  const stored = appends.map((a) => toStoredEvents(a.streamId, a.expectedVersion, a.events, context));
  if (stored.flat().length === 0) return stored;
  // Written with personal fields sealed; the callers get the events as they decided them.
  const all = await Promise.all(stored.flat().map((event) => personalData.sealEvent(event)));
  const at = all[0].meta.at;
  const table = env().TABLE_EVENTS;
  const client = dynamoClient();

  if (all.length === 1 && reservations.length === 0 && guards.length === 0) {
    try {
      await client.send(new PutCommand({ TableName: table, Item: all[0], ConditionExpression: 'attribute_not_exists(streamId)' }));
    } catch (error) {
      if (isConditionFailure(error)) throw new ConcurrencyError(all[0].streamId, all[0].version - 1);
      throw error;
    }
    return stored;
  }

  const items = [...reservations.map((r) => ({ streamId: reservationStream(r.key), version: 0, owner: r.owner, reservedAt: at })), ...all];
  try {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          ...items.map((Item) => ({ Put: { TableName: table, Item, ConditionExpression: 'attribute_not_exists(streamId)' } })),
          ...guards.map((Update) => ({ Update })),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      const refused = reasons.findIndex((r, i) => i >= items.length && r.Code === 'ConditionalCheckFailed');
      if (refused >= 0) throw new GuardRefusedError(guards[refused - items.length].Key);
      const taken = reasons.findIndex((r, i) => i < reservations.length && r.Code === 'ConditionalCheckFailed');
      if (taken >= 0) throw new ReservationTakenError(reservations[taken].key);
      const moved = reasons.findIndex((r, i) => i >= reservations.length && i < items.length && r.Code === 'ConditionalCheckFailed');
      if (moved >= 0) {
        const event = all[moved - reservations.length];
        const append = appends.find((a) => a.streamId === event.streamId)!;
        throw new ConcurrencyError(append.streamId, append.expectedVersion);
      }
    }
    throw error;
  }
  return stored;
}

/** A stored item of the log (from the table, a stream record or a queue message) as an event: personal fields opened, upcast. */
export async function readEvent(item: unknown): Promise<DomainEvent> {
  return registry.upcast(await personalData.openEvent(item));
}

/** Reads a whole stream in order, upcasting every event to its current schema. */
export async function readStream(streamId: string, afterVersion = 0): Promise<DomainEvent[]> {
  return queryStream(streamId, 'version > :v', afterVersion);
}

/** The stream's events before `beforeVersion`, in order (a Query on the stream's key, never a scan). */
export async function readStreamBefore(streamId: string, beforeVersion: number): Promise<DomainEvent[]> {
  return queryStream(streamId, 'version < :v', beforeVersion);
}

async function queryStream(streamId: string, versionCondition: string, version: number): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: env().TABLE_EVENTS,
        KeyConditionExpression: `streamId = :s AND ${versionCondition}`,
        ExpressionAttributeValues: { ':s': streamId, ':v': version },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    events.push(...(await Promise.all((page.Items ?? []).map(readEvent))));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return events;
}

/** Who holds a reservation (e.g. `email#ada@example.com`), read consistently; undefined when it is free. */
export async function reservationOwner(key: string): Promise<string | undefined> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env().TABLE_EVENTS, Key: { streamId: reservationStream(key), version: 0 }, ConsistentRead: true }),
  );
  return out.Item?.owner as string | undefined;
}

/**
 * Frees a reservation its owner holds (an account deleted: its e-mail may open a new account). A reservation is no
 * event, so the log stays append-only; one taken by someone else meanwhile is left alone.
 */
export async function releaseReservation(key: string, owner: string): Promise<void> {
  try {
    await dynamoClient().send(
      new DeleteCommand({
        TableName: env().TABLE_EVENTS,
        Key: { streamId: reservationStream(key), version: 0 },
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The version of the last event in a stream, 0 when it has none. */
export async function streamVersion(streamId: string): Promise<number> {
  const page = await dynamoClient().send(
    new QueryCommand({
      TableName: env().TABLE_EVENTS,
      KeyConditionExpression: 'streamId = :s',
      ExpressionAttributeValues: { ':s': streamId },
      ProjectionExpression: 'version',
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return (page.Items?.[0]?.version as number | undefined) ?? 0;
}

export interface BlindAppendOptions {
  /** Written in the same transaction: the append lands only where it holds (GuardRefusedError). */
  guard?: AppendGuard;
}

/**
 * Appends to a stream that only ever grows (plays), without reading it first: each process remembers
 * the last version it wrote per stream and guesses the next one; a wrong guess costs one read.
 */
const lastKnownVersion = new Map<string, number>();
export async function appendBlind(
  streamId: string,
  events: NewEvent[],
  context: AppendContext,
  { guard }: BlindAppendOptions = {},
): Promise<StoredEvent[]> {
  return retry(
    async (attempt) => {
      // A lost race means the guess was stale: read the stream's real version once and try again.
      const expected = attempt === 1 ? (lastKnownVersion.get(streamId) ?? 0) : await streamVersion(streamId);
      const [stored] = await appendToStreams([{ streamId, expectedVersion: expected, events }], context, [], guard ? [guard] : []);
      lastKnownVersion.set(streamId, stored[stored.length - 1].version);
      if (lastKnownVersion.size > 10_000) lastKnownVersion.delete(lastKnownVersion.keys().next().value!);
      return stored;
    },
    { attempts: 5, retryOn: isConcurrencyError },
  );
}

/**
 * What command handling needs of the log: read a stream (whole, after or before a version), its version, append with
 * an expected version (to one stream or several at once, with reservations and guards), append blind to a stream that
 * only grows, and the reservations' owners. Every implementation refuses a moved stream with ConcurrencyError, a taken
 * reservation with ReservationTakenError and a refusing guard with GuardRefusedError, and writes nothing then.
 */
export interface EventStore {
  readStream(streamId: string, afterVersion?: number): Promise<DomainEvent[]>;
  readStreamBefore(streamId: string, beforeVersion: number): Promise<DomainEvent[]>;
  streamVersion(streamId: string): Promise<number>;
  appendToStream(
    streamId: string,
    expectedVersion: number,
    events: NewEvent[],
    context: AppendContext,
    reservations?: Reservation[],
  ): Promise<StoredEvent[]>;
  appendToStreams(
    appends: StreamAppend[],
    context: AppendContext,
    reservations?: Reservation[],
    guards?: AppendGuard[],
  ): Promise<StoredEvent[][]>;
  appendBlind(streamId: string, events: NewEvent[], context: AppendContext, options?: BlindAppendOptions): Promise<StoredEvent[]>;
  reservationOwner(key: string): Promise<string | undefined>;
  releaseReservation(key: string, owner: string): Promise<void>;
}

/** The log in the `events` table: what the Lambdas' entries hand their commands. */
export const dynamoEventStore: EventStore = {
  readStream,
  readStreamBefore,
  streamVersion,
  appendToStream,
  appendToStreams,
  appendBlind,
  reservationOwner,
  releaseReservation,
};
