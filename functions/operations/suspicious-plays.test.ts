import { describe, expect, it } from 'vitest';
import { SUSPICIOUS_PLAYS, rollupDayPartition, suspiciousBucketSk, suspiciousPlaysField } from '../dashboard/projections/rollups.js';
import type { PlayRefusalReason } from '../../events/play-refusals.js';
import { suspiciousWindow } from './suspicious-plays.js';

/** A bucket item as the rollups write it on one shard: the refused reports of ten minutes, in all and by reason. */
const bucket = (at: string, counts: Partial<Record<PlayRefusalReason, number>>, shard = 0) => ({
  pk: rollupDayPartition(at.slice(0, 10), shard),
  sk: suspiciousBucketSk(at),
  [SUSPICIOUS_PLAYS]: Object.values(counts).reduce((a, b) => a + b, 0),
  ...Object.fromEntries(Object.entries(counts).map(([reason, n]) => [suspiciousPlaysField(reason as PlayRefusalReason), n])),
});

describe('the suspicious plays of a window', () => {
  const now = new Date('2026-03-02T10:07:00.000Z');
  const days = [
    {
      day: '2026-03-01',
      items: [
        bucket('2026-03-01T10:05:00.000Z', { repeat: 50 }),
        bucket('2026-03-01T10:12:00.000Z', { repeat: 1, no_token: 2 }),
        { pk: rollupDayPartition('2026-03-01'), sk: 'label', [SUSPICIOUS_PLAYS]: 53 },
      ],
    },
    {
      day: '2026-03-02',
      items: [
        bucket('2026-03-02T09:09:59.000Z', { too_early: 7 }),
        bucket('2026-03-02T09:10:00.000Z', { bad_token: 1 }),
        bucket('2026-03-02T10:06:00.000Z', { no_token: 1, bad_token: 2 }, 3),
        bucket('2026-03-02T10:01:00.000Z', { no_token: 3 }, 5),
      ],
    },
  ];

  it('adds up the buckets of the last hour across shards, by reason, the most frequent first', () => {
    expect(suspiciousWindow(days, now, 3_600_000)).toEqual({
      since: '2026-03-02T09:10:00.000Z',
      total: 7,
      reasons: [
        { reason: 'no_token', count: 4 },
        { reason: 'bad_token', count: 3 },
      ],
    });
  });

  it('takes the last day across the two UTC days it spans, not the bucket a day and ten minutes before', () => {
    const day = suspiciousWindow(days, now, 86_400_000);
    expect(day.since).toBe('2026-03-01T10:10:00.000Z');
    expect(day.total).toBe(17);
    expect(day.reasons).toEqual([
      { reason: 'too_early', count: 7 },
      { reason: 'no_token', count: 6 },
      { reason: 'bad_token', count: 3 },
      { reason: 'repeat', count: 1 },
    ]);
  });

  it('answers an empty window with no reason', () => {
    expect(suspiciousWindow([{ day: '2026-03-02', items: [] }], now, 3_600_000)).toEqual({
      since: '2026-03-02T09:10:00.000Z',
      total: 0,
      reasons: [],
    });
  });
});
