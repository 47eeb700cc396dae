/**
 * The sync manager's suspicious plays: the play reports the server refused (functions/listening/domain/plays.ts), by reason, over
 * the last hour and the last day. Read from the rollups' ten-minute buckets (functions/dashboard/projections/rollups.ts), so a
 * load reads today's and yesterday's partitions, never an event, however many reports were refused.
 */
import { playRefusalReasons, type PlayRefusalReason } from '../../events/play-refusals.js';
import {
  rollupDayPartitions,
  rollupSummaryPartition,
  SUSPICIOUS_BUCKET_MINUTES,
  SUSPICIOUS_PLAYS,
  suspiciousPlaysField,
  utcDay,
} from '../dashboard/projections/rollups.js';
import { summaryDay } from '../dashboard/projections/rollups-summary.js';
import { eachConcurrently } from '../platform/concurrently.js';
import type { ViewItem } from '../platform/projection.js';
import { queryViews } from '../platform/views.js';

const BUCKET_MS = SUSPICIOUS_BUCKET_MINUTES * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface SuspiciousWindow {
  /** The start of the window's first bucket, ISO: the window is its buckets, the latest still filling. */
  since: string;
  total: number;
  /** Reasons that refused any report, the most frequent first. */
  reasons: { reason: PlayRefusalReason; count: number }[];
}

/** The bucket items' start instants: the day of their partition and the `HH:MM` of their sort key. */
const bucketStart = (day: string, item: ViewItem) => Date.parse(`${day}T${item.sk.slice(SUSPICIOUS_PLAYS.length + 1)}:00.000Z`);

/**
 * The refused reports of the buckets that start within `spanMs` before the end of `now`'s bucket, added up over
 * shards and days. Pure.
 */
export function suspiciousWindow(days: { day: string; items: readonly ViewItem[] }[], now: Date, spanMs: number): SuspiciousWindow {
  const since = Math.floor(now.getTime() / BUCKET_MS) * BUCKET_MS + BUCKET_MS - spanMs;
  const counts = new Map<PlayRefusalReason, number>();
  let total = 0;
  for (const { day, items } of days)
    for (const item of items) {
      if (!item.sk.startsWith(`${SUSPICIOUS_PLAYS}#`) || bucketStart(day, item) < since) continue;
      total += typeof item[SUSPICIOUS_PLAYS] === 'number' ? item[SUSPICIOUS_PLAYS] : 0;
      for (const reason of playRefusalReasons) {
        const n = item[suspiciousPlaysField(reason)];
        if (typeof n === 'number' && n > 0) counts.set(reason, (counts.get(reason) ?? 0) + n);
      }
    }
  const reasons = [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return { since: new Date(since).toISOString(), total, reasons };
}

/** A day's bucket items: its summary's once it is closed, else its shards'. */
async function bucketsOf(day: string): Promise<ViewItem[]> {
  const summary = summaryDay(await queryViews({ pk: rollupSummaryPartition(day) }));
  if (summary) return summary.filter((item) => item.sk.startsWith(`${SUSPICIOUS_PLAYS}#`));
  const items: ViewItem[] = [];
  await eachConcurrently(rollupDayPartitions(day), 8, async (pk) => {
    items.push(...(await queryViews({ pk }, { skPrefix: `${SUSPICIOUS_PLAYS}#` })));
  });
  return items;
}

/** The refused play reports of the last hour and of the last day, by reason. */
export async function suspiciousPlays(now: Date) {
  const days = [utcDay(now.getTime() - DAY_MS), utcDay(now.getTime())];
  const read = await Promise.all(days.map(async (day) => ({ day, items: await bucketsOf(day) })));
  return { at: now.toISOString(), lastHour: suspiciousWindow(read, now, HOUR_MS), lastDay: suspiciousWindow(read, now, DAY_MS) };
}
