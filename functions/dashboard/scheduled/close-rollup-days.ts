/**
 * Scheduled job (hourly, functions/schedules.ts): closes each finished day of the dashboard's rollups into its summary
 * (functions/dashboard/projections/rollups-summary.ts), so a dashboard load reads one partition per closed day instead of its
 * ROLLUP_DAY_SHARDS. It closes the days of the last LOOKBACK_DAYS that ended at least an hour ago and have no summary,
 * and every day marked dirty by a late event. Idempotent, and safe to run twice at once: a closing writes its summary
 * in one transaction (the last one wins whole), and clears the dirty mark only if no event marked the day since it
 * read the mark, which it reads before the shards.
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../../platform/aws.js';
import { createLogger } from '../../platform/log.js';
import { eachConcurrently } from '../../platform/concurrently.js';
import type { ViewItem } from '../../platform/projection.js';
import { activeGenerations, physicalItem } from '../../platform/view-generations.js';
import { queryViews, tableOf } from '../../platform/views.js';
import { DIRTY_SK, isClosable, ROLLUP_DIRTY_DAYS, rollupDayPartitions, rollupSummaryPartition, utcDay } from '../projections/rollups.js';
import { SUMMARY_SK, mergeDay, summaryChunkSk, summaryItems } from '../projections/rollups-summary.js';
import { withSecrets } from '../../platform/secrets.js';

const logger = createLogger('scheduled-close-rollup-days');

/** How far back the job looks for finished days without a summary: a week of missed runs is caught up. */
export const LOOKBACK_DAYS = 7;
const DAY_MS = 86_400_000;

export type Closing = 'closed' | 'closed already' | 'marked again meanwhile';

/** Closes one day at `now` (unless it is closed and not dirty), answering what it did. */
export async function closeRollupDay(day: string, now: Date): Promise<Closing> {
  const pk = rollupSummaryPartition(day);
  // The mark first, then the shards: an event projected after this read replaces the mark, which then stays.
  const before = await queryViews({ pk }, { consistent: true });
  const mark = before.find((item) => item.sk === DIRTY_SK);
  const summary = before.find((item) => item.sk === SUMMARY_SK);
  if (summary && !mark) return 'closed already';
  const shards: ViewItem[] = [];
  for (const partition of rollupDayPartitions(day)) shards.push(...(await queryViews({ pk: partition }, { consistent: true })));
  const items = summaryItems(day, mergeDay(shards), { at: now.toISOString(), generation: randomUUID() });
  // Chunks of an earlier closing beyond this one's are deleted with it; a reader would ignore them anyway.
  const stale = before.filter((item) => item.sk.startsWith('chunk#') && item.sk >= summaryChunkSk(items.length - 1));
  const table = tableOf({ pk });
  // Written in the rollups' active generation, where their readers and projector are (functions/platform/view-generations.ts).
  const generations = await activeGenerations();
  const stored = <T extends { pk: string }>(item: T) => physicalItem(item, generations);
  try {
    await dynamoClient().send(
      new TransactWriteCommand({
        TransactItems: [
          ...items.map((item) => ({ Put: { TableName: table, Item: stored(item) } })),
          ...stale.map(({ pk, sk }) => ({ Delete: { TableName: table, Key: stored({ pk, sk }) } })),
          ...(mark
            ? [
                {
                  Delete: {
                    TableName: table,
                    Key: stored({ pk, sk: DIRTY_SK }),
                    ConditionExpression: '#token = :token',
                    ExpressionAttributeNames: { '#token': 'token' },
                    ExpressionAttributeValues: { ':token': mark.token },
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    // A late event marked the day again after the mark was read, or another run wrote it at once: the next run closes it.
    if (error instanceof TransactionCanceledException) return 'marked again meanwhile';
    throw error;
  }
  return 'closed';
}

/** The days to close at `now`: the finished days of the last `lookbackDays`, and the dirty ones. */
export async function daysToClose(now: Date, lookbackDays = LOOKBACK_DAYS): Promise<string[]> {
  const recent = Array.from({ length: lookbackDays }, (_, i) => utcDay(now.getTime() - (i + 1) * DAY_MS)).filter((day) =>
    isClosable(day, now.getTime()),
  );
  const dirty = (await queryViews({ gsi1pk: ROLLUP_DIRTY_DAYS })).map((item) => item.gsi1sk as string);
  return [...new Set([...recent, ...dirty.filter((day) => isClosable(day, now.getTime()))])].sort();
}

/** Closes what is due at `now`, looking `lookbackDays` back; answers the days it closed. */
export async function closeRollupDays(now: Date, lookbackDays = LOOKBACK_DAYS): Promise<string[]> {
  const closed: string[] = [];
  await eachConcurrently(await daysToClose(now, lookbackDays), 2, async (day) => {
    if ((await closeRollupDay(day, now)) === 'closed') closed.push(day);
  });
  if (closed.length) logger.info('closed rollup days', { days: closed.sort() });
  return closed;
}

/** The EventBridge event carries the time the rule fired. */
export const handler = withSecrets(async (event: { time?: string } = {}) => {
  await closeRollupDays(event.time ? new Date(event.time) : new Date());
});
