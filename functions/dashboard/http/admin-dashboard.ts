/**
 * HTTP context `admin-dashboard`: the label's figures for a range of days and the period of the same length before
 * it, read from the daily rollups (functions/dashboard/projections/rollups.ts): a closed day's summary, or a day's shards, never an event.
 */
import { eachConcurrently } from '../../platform/concurrently.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler, HttpError } from '../../platform/http.js';
import { adminDashboardRoutes } from '../../routes.js';
import type { ViewItem } from '../../platform/projection.js';
import { getView, queryViews } from '../../platform/views.js';
import {
  MAX_RANGE_DAYS,
  dayBefore,
  daysOf,
  isDay,
  levelsAt,
  periodFigures,
  previousPeriod,
  type Levels,
  type RollupDay,
} from '../projections/rollups-figures.js';
import {
  ROLLUP_LEVEL_MONTHS,
  rollupDayPartitions,
  rollupLevelDaysPartition,
  rollupLevelsKey,
  rollupSummaryPartition,
} from '../projections/rollups.js';
import { summaryDay } from '../projections/rollups-summary.js';

/** Partitions read at once: a closed day is one query, a day not closed ROLLUP_DAY_SHARDS more. */
const READ_CONCURRENCY = 32;

/**
 * The days' rollups: each day's summary if it is closed (rollups-summary.ts), else its shards (today, yesterday before
 * the closing job, a day a late event marked dirty, a day written before summaries were).
 */
async function readDays(days: string[]): Promise<RollupDay[]> {
  const read = new Map<string, ViewItem[]>();
  const open: string[] = [];
  await eachConcurrently(days, READ_CONCURRENCY, async (day) => {
    const summary = summaryDay(await queryViews({ pk: rollupSummaryPartition(day) }));
    if (summary) read.set(day, summary);
    else open.push(day);
  });
  const partitions = open.flatMap((day) => rollupDayPartitions(day).map((pk) => ({ day, pk })));
  await eachConcurrently(partitions, READ_CONCURRENCY, async ({ day, pk }) => {
    const items = await queryViews({ pk });
    read.set(day, [...(read.get(day) ?? []), ...items]);
  });
  return days.map((day) => ({ day, items: read.get(day) ?? [] }));
}

/** The levels at the end of `day`: now, less the changes of its month's later days and of the later months. */
async function levelsAtEndOf(day: string, now: ViewItem | undefined): Promise<Levels> {
  const month = day.slice(0, 7);
  const [laterDays, laterMonths] = await Promise.all([
    queryViews({ pk: rollupLevelDaysPartition(month) }),
    queryViews({ pk: ROLLUP_LEVEL_MONTHS }),
  ]);
  return levelsAt(now, [...laterDays.filter((d) => d.sk > day), ...laterMonths.filter((m) => m.sk > month)]);
}

function checkedRange(from: string, to: string) {
  for (const [name, day] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (!isDay(day)) throw new HttpError(400, 'invalid_range', `${name} must be a real day written YYYY-MM-DD, got ${day}`);
  if (from > to) throw new HttpError(400, 'invalid_range', `from (${from}) must not be after to (${to})`);
  const length = daysOf(from, to).length;
  if (length > MAX_RANGE_DAYS)
    throw new HttpError(400, 'invalid_range', `A range is at most ${MAX_RANGE_DAYS} days; this one has ${length}`);
}

export const handler = contextHandler(adminDashboardRoutes, authorizer, {
  'GET /api/admin/dashboard': async ({ query }) => {
    const { from, to } = query;
    checkedRange(from, to);
    const before = previousPeriod(from, to);
    const now = await getView(rollupLevelsKey);
    const [days, previousDays, ...levels] = await Promise.all([
      readDays(daysOf(from, to)),
      readDays(daysOf(before.from, before.to)),
      levelsAtEndOf(dayBefore(from), now),
      levelsAtEndOf(to, now),
      levelsAtEndOf(dayBefore(before.from), now),
    ]);
    const [atStart, atEnd, atPreviousStart] = levels;
    return {
      current: periodFigures({ from, to }, days, atStart, atEnd),
      previous: periodFigures(before, previousDays, atPreviousStart, atStart),
    };
  },
});
