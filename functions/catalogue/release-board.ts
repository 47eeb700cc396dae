/**
 * Reads of the admin-releases view: the release board one cursor page at a time with its counts, and the scheduled
 * releases that are due. Queries by key only (never a scan).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ReleaseStatus } from './domain/album.js';
import { invalid } from '../platform/errors.js';
import {
  duePartition,
  releaseCountPartition,
  releaseListPartition,
  releaseStatuses,
  type ReleaseRecord,
} from './projections/admin-releases.js';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';
import { logicalItem } from '../platform/view-generations.js';
import { queryViews, storedPk, tableOf } from '../platform/views.js';

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string, pk: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { pk?: unknown; sk?: unknown };
    // A cursor of another list (another filter) would silently start it in the wrong place.
    if (key.pk === pk && typeof key.sk === 'string') return { pk, sk: key.sk };
  } catch {
    // refused below
  }
  throw invalid('bad_cursor', 'This page cursor is not valid for this list; start from the first page', 'cursor');
}

interface BoardPage {
  items: ReleaseRecord[];
  counts: Record<ReleaseStatus, number>;
  nextCursor: string | null;
}

export async function releaseBoard(filter: {
  status?: ReleaseStatus;
  artistId?: string;
  cursor?: string;
  limit: number;
}): Promise<BoardPage> {
  const pk = releaseListPartition(filter.status ?? 'all', filter.artistId);
  // Cursors name the logical partition, whichever generation is read (functions/platform/view-generations.ts).
  const stored = await storedPk(pk);
  const [page, counted] = await Promise.all([
    dynamoClient().send(
      new QueryCommand({
        TableName: env().TABLE_VIEWS,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': stored },
        ScanIndexForward: false,
        Limit: filter.limit,
        ExclusiveStartKey: filter.cursor ? { ...decodeCursor(filter.cursor, pk), pk: stored } : undefined,
      }),
    ),
    queryViews<{ sk: ReleaseStatus; count?: number }>({ pk: releaseCountPartition(filter.artistId) }),
  ]);
  const counts = Object.fromEntries(releaseStatuses.map((s) => [s, 0])) as Record<ReleaseStatus, number>;
  for (const c of counted) if (c.sk in counts) counts[c.sk] = Math.max(0, c.count ?? 0);
  return {
    items: (page.Items ?? []).map(logicalItem) as ReleaseRecord[],
    counts,
    nextCursor: page.LastEvaluatedKey ? encodeCursor(logicalItem(page.LastEvaluatedKey)) : null,
  };
}

/** How many days back the scheduler looks: a run missed around midnight (or a short outage) still publishes. */
const LOOKBACK_DAYS = 3;

/** The albums whose scheduled time is at or before `now`, oldest first. */
export async function dueReleases(now: Date): Promise<string[]> {
  const days = Array.from({ length: LOOKBACK_DAYS }, (_, i) => new Date(now.getTime() - (LOOKBACK_DAYS - 1 - i) * 86_400_000));
  const albumIds: string[] = [];
  for (const day of days) {
    const pk = duePartition(day.toISOString().slice(0, 10));
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: tableOf({ pk }),
          KeyConditionExpression: 'pk = :pk AND sk <= :now',
          // '~' sorts after the `#<albumId>` that follows the time in each key.
          ExpressionAttributeValues: { ':pk': await storedPk(pk), ':now': `${now.toISOString()}~` },
          ExclusiveStartKey: startKey,
        }),
      );
      albumIds.push(...(out.Items ?? []).map((item) => item.albumId as string));
      startKey = out.LastEvaluatedKey;
    } while (startKey);
  }
  return albumIds;
}
