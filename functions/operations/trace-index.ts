/**
 * The correlation index: which events each correlation id (the request that caused them) appended, so the event log
 * can be traced from a request to every stream it wrote. Written by the `trace` reactor (functions/operations/consumers/trace.ts)
 * into `ephemeral`, one item per event, kept TRACE_DAYS.
 *
 * Why a reactor and not a GSI on `events`: a GSI is maintained on every write of the table, the play ingest's hot
 * path, and costs it a fifth to a third of its writes, more than the ingest budget leaves (docs/architecture.md, "Why
 * it is so"). The reactor costs one PutItem per traced event into a table
 * without an index or a stream, after the append and off the request path, plus its queue; plays (PlayRecorded,
 * TrackListened: nearly every event, one per request) are left out, so ingest pays nothing. A request's events show
 * once the reactor has handled them, within the projection lag.
 */
import { PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';

/** How long a trace is kept: an operator follows a request in the days after it, the log keeps the events anyway. */
export const TRACE_DAYS = 90;

interface TracedEvent {
  streamId: string;
  version: number;
  type: string;
  at: string;
}

const partition = (correlationId: string) => `trace#${correlationId}`;

/** Records that `event` was appended under its correlation id; idempotent (one item per stream and version). */
export async function recordTrace(event: TracedEvent & { correlationId: string }): Promise<void> {
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: {
        pk: partition(event.correlationId),
        sk: `${event.streamId}#${String(event.version).padStart(12, '0')}`,
        streamId: event.streamId,
        version: event.version,
        type: event.type,
        at: event.at,
        expiresAt: Math.floor(Date.parse(event.at) / 1000) + TRACE_DAYS * 86_400,
      },
    }),
  );
}

/** The events recorded under `correlationId`, oldest first (a Query of its partition). */
export async function tracedEvents(correlationId: string): Promise<TracedEvent[]> {
  const found: TracedEvent[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: env().TABLE_EPHEMERAL,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition(correlationId) },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) {
      found.push({ streamId: String(item.streamId), version: Number(item.version), type: String(item.type), at: String(item.at) });
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return found.sort((a, b) => a.at.localeCompare(b.at) || a.streamId.localeCompare(b.streamId) || a.version - b.version);
}
