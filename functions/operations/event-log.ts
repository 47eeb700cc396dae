/**
 * The event log as the sync manager browses it: streams found by id or by listener, a stream's events a page at a
 * time, and a correlation id traced to the events it appended and what the consumers made of them. Every event is
 * read through the event store's `readEvent`, so a forgotten person's fields read as placeholders.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { registry, type DomainEvent } from '../../events/index.js';
import { consumersOf } from '../consumers.js';
import type { FoundStream, LoggedEvent, TracedEvent } from './contract/admin-ops.js';
import { cartStream, orderStream } from '../commerce/index.js';
import { purchasesPartition, type PurchaseView } from '../commerce/projections/commerce.js';
import { notFound } from '../platform/errors.js';
import { libraryStream } from '../library/index.js';
import { notificationsStream } from '../notifications/index.js';
import { findUserIdByEmail, userStream } from '../accounts/index.js';
import { dynamoClient } from '../platform/aws.js';
import { eachConcurrently } from '../platform/concurrently.js';
import { env } from '../platform/env.js';
import { readEvent, streamVersion } from '../platform/event-store.js';
import { mailKeyOf } from '../platform/mail-effects.js';
import { onceStatus } from '../platform/once.js';
import { listeningStream, playsStream } from '../listening/index.js';
import { dynamoViewStore, queryViews } from '../platform/views.js';
import { TRACE_DAYS, tracedEvents } from './trace-index.js';

/** How many days of a listener's daily streams (plays, listening) a search lists. */
const LISTENER_DAYS = 30;

const STREAM_ID = /^[a-z][a-z-]*#\S+$/;

/** What the log shows of a secret field (a password hash, a sealed TOTP secret, recovery code hashes). */
const REDACTED = '(secret)';

/** The event's data with the fields its type declares secret replaced: the log shows that they changed, never what to. */
function shownData(event: DomainEvent): unknown {
  const secret = registry.secret(event.type);
  if (!secret.length) return event.data;
  const data = { ...(event.data as Record<string, unknown>) };
  for (const field of secret) if (field in data) data[field] = REDACTED;
  return data;
}

const logged = (event: DomainEvent): LoggedEvent => ({
  streamId: event.streamId,
  version: event.version,
  type: event.type,
  schemaVersion: event.schemaVersion,
  data: shownData(event),
  meta: event.meta,
});

/** The streams of one listener that hold events: their account, library, cart, notifications, orders, recent days. */
async function listenerStreams(userId: string, now: Date): Promise<FoundStream[]> {
  const purchases = await queryViews<PurchaseView>({ pk: purchasesPartition(userId) });
  const days = Array.from({ length: LISTENER_DAYS }, (_, i) => new Date(now.getTime() - i * 86_400_000));
  const candidates = [
    userStream(userId),
    libraryStream(userId),
    cartStream(userId),
    notificationsStream(userId),
    ...new Set(purchases.map((p) => orderStream(p.orderId))),
    ...days.flatMap((day) => [playsStream(userId, day, true), listeningStream(userId, day)]),
  ];
  const found: FoundStream[] = [];
  await eachConcurrently(candidates, 8, async (streamId) => {
    const version = await streamVersion(streamId);
    if (version > 0) found.push({ streamId, version });
  });
  return found.sort((a, b) => candidates.indexOf(a.streamId) - candidates.indexOf(b.streamId));
}

/** Finds streams by a stream id, a listener's e-mail or a user id; 404 when nothing matches. */
export async function findStreams(q: string, now: Date) {
  if (STREAM_ID.test(q)) {
    const version = await streamVersion(q);
    if (!version) throw notFound('stream_not_found', `The event log has no stream ${q}`);
    return { kind: 'stream' as const, userId: null, streams: [{ streamId: q, version }] };
  }
  const userId = q.includes('@') ? await findUserIdByEmail(q) : (await streamVersion(userStream(q))) > 0 ? q : undefined;
  if (!userId) throw notFound('listener_not_found', `No listener has the e-mail or id ${q}`);
  return { kind: 'listener' as const, userId, streams: await listenerStreams(userId, now) };
}

/** A stream's events after `after`, up to `limit`, in order; 404 for a stream with no events. */
export async function readStreamPage(streamId: string, after: number, limit: number) {
  const [version, page] = await Promise.all([
    streamVersion(streamId),
    dynamoClient().send(
      new QueryCommand({
        TableName: env().TABLE_EVENTS,
        KeyConditionExpression: 'streamId = :s AND version > :v',
        ExpressionAttributeValues: { ':s': streamId, ':v': after },
        ConsistentRead: true,
        Limit: limit,
      }),
    ),
  ]);
  if (!version) throw notFound('stream_not_found', `The event log has no stream ${streamId}`);
  const events = await Promise.all((page.Items ?? []).map(readEvent));
  const last = events.at(-1)?.version ?? after;
  return { streamId, version, events: events.map(logged), nextAfter: last < version ? last : null };
}

async function readOne(streamId: string, version: number): Promise<DomainEvent | undefined> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env().TABLE_EVENTS, Key: { streamId, version }, ConsistentRead: true }),
  );
  return out.Item ? readEvent(out.Item) : undefined;
}

type Effect = TracedEvent['effects'][number];
type Mail = { consumer: string; effect: string; status: 'done' | 'running' };

/** What each consumer of `event` made of it (a projector's checkpoint, a reactor's recorded mail), and the mails sent. */
async function effectsOf(event: DomainEvent): Promise<{ effects: Effect[]; mails: Mail[] }> {
  const mails: Mail[] = [];
  const consumers = consumersOf(event.type, event.streamId).filter((c) => c.name !== 'trace');
  const effects = await Promise.all(
    consumers.map(async ({ name: consumer, kind }): Promise<Effect> => {
      if (kind === 'projector') {
        const checkpoint = await dynamoViewStore.checkpoint(consumer, event.streamId);
        return { consumer, kind, status: checkpoint >= event.version ? 'applied' : 'pending', detail: `checkpoint at v${checkpoint}` };
      }
      const mail = mailKeyOf(consumer, event);
      if (!mail) return { consumer, kind, status: 'unrecorded', detail: null };
      const status = await onceStatus(mail);
      if (status) mails.push({ consumer, effect: mail, status });
      return { consumer, kind, status: status ?? 'pending', detail: `mail ${mail}` };
    }),
  );
  return { effects, mails };
}

const TRACE_NOTE = `Plays (PlayRecorded, TrackListened) are not indexed, nor events older than ${TRACE_DAYS} days or appended before the index existed: find those through their stream.`;

/** The events `correlationId` appended, oldest first, with each consumer's effect; 404 when none is indexed. */
export async function traceCorrelation(correlationId: string) {
  const traced = await tracedEvents(correlationId);
  if (!traced.length) throw notFound('trace_not_found', `No events are recorded under ${correlationId}. ${TRACE_NOTE}`);
  const read: DomainEvent[] = [];
  await eachConcurrently(traced, 8, async ({ streamId, version }) => {
    const event = await readOne(streamId, version);
    if (event) read.push(event);
  });
  const ordered = read.sort((a, b) => a.meta.at.localeCompare(b.meta.at) || a.streamId.localeCompare(b.streamId) || a.version - b.version);
  const outcomes = await Promise.all(ordered.map(effectsOf));
  const events = ordered.map((event, i) => ({ ...logged(event), effects: outcomes[i].effects }));
  const mails = outcomes.flatMap((outcome) => outcome.mails);
  const first = ordered[0];
  return {
    correlationId,
    request: { actor: first.meta.actor, at: first.meta.at, route: first.meta.route ?? null },
    events,
    mails,
    note: TRACE_NOTE,
  };
}
