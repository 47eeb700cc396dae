/**
 * The app's latest errors for the sync manager: each failed attempt of a consumer and each unhandled error of the API
 * (a 500), newest first, with the correlation id of the request or event it served, kept a week in `ephemeral`. One
 * partition for all: errors are rare, so one read gives the latest wherever they happened; a storm of them past the
 * partition's write rate loses some records (never the work: recording is best-effort), not the alarms' counts.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RecentError } from '../operations/contract/admin-ops.js';
import { dynamoClient } from './aws.js';
import { env } from './env.js';

const RECENT_ERRORS_PARTITION = 'ops-errors';
const KEEP_SECONDS = 7 * 24 * 3600;
/** How many the console shows. */
const RECENT_ERRORS_SHOWN = 20;

export const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);

/** The event a consumer's error is about: which stream, at which version. */
export interface ErrorSubject {
  stream: string;
  version: number;
}

/** What an error was met serving: the correlation id of the request or event and, for a consumer's, the event. */
export interface ErrorServing {
  correlationId?: string;
  subject?: ErrorSubject;
}

/** Records an error of `source` (a consumer's name, or `http-<context>`) with what it was met serving. */
export async function recordRecentError(
  source: string,
  error: unknown,
  { correlationId, subject }: ErrorServing,
  now = new Date(),
): Promise<void> {
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: {
        pk: RECENT_ERRORS_PARTITION,
        sk: `${now.toISOString()}#${randomUUID().slice(0, 8)}`,
        source,
        error: errorText(error),
        stream: subject?.stream ?? null,
        version: subject?.version ?? null,
        correlationId: correlationId ?? null,
        at: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
    }),
  );
}

/** The latest errors, newest first. */
export async function recentErrors(limit = RECENT_ERRORS_SHOWN): Promise<RecentError[]> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: env().TABLE_EPHEMERAL,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': RECENT_ERRORS_PARTITION },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => ({
    source: String(item.source),
    error: String(item.error),
    stream: typeof item.stream === 'string' ? item.stream : null,
    version: typeof item.version === 'number' ? item.version : null,
    correlationId: typeof item.correlationId === 'string' ? item.correlationId : null,
    at: String(item.at),
  }));
}
