import { beforeAll, describe, expect, it } from 'vitest';
import { baseLoad } from '../../infra/capacity/load.js';
import { PARTITION_GOAL, PARTITION_WCU, capacityAt, type CapacityReport } from '../../infra/capacity/model.js';
import { rollupDayPartitions } from '../../functions/dashboard/projections/rollups.js';
import { DAY } from '../../infra/capacity/simulate.js';

describe('the capacity model at 1,000,000 daily listeners', () => {
  let report: CapacityReport;
  beforeAll(async () => {
    report = await capacityAt(baseLoad(1_000_000));
  });

  it('keeps every DynamoDB partition at or under half its limit, the viral album included', () => {
    expect(report.goal.met).toBe(true);
    for (const p of report.partitions) expect(p.share, p.pk).toBeLessThanOrEqual(PARTITION_GOAL);
    // The viral album takes a fifth of the plays: its play counters are written far more than any other album's.
    const albumWrites = (id: string) => report.partitions.find((p) => p.pk === `stats#album#${id}`)?.wcu ?? 0;
    expect(albumWrites('album-0')).toBeGreaterThan(20 * albumWrites('album-1'));
  });

  it("spreads the day's rollups, whose writes together exceed one partition's limit, over shards each under half of it", () => {
    const day = report.partitions.filter((p) => rollupDayPartitions(DAY).includes(p.pk));
    expect(day.reduce((sum, p) => sum + p.wcu, 0)).toBeGreaterThan(PARTITION_WCU);
    expect(Math.max(...day.map((p) => p.wcu))).toBeLessThanOrEqual(PARTITION_GOAL * PARTITION_WCU);
  });

  it('stays within SQS FIFO, Lambda and API Gateway limits, under the per-route throttles with room to spare', () => {
    for (const q of report.queues) expect(q.hottestGroup, q.queue).toBeLessThan(300);
    expect(report.lambda.concurrency).toBeLessThan(1_000 / 2);
    expect(report.api.requestsPerSecond).toBeLessThan(10_000 / 2);
    for (const route of report.api.routes) expect(route.throttle, route.route).toBeGreaterThanOrEqual(1.5 * route.peak);
  });

  it('prices a million plays, with the audio sent to listeners as its biggest item', () => {
    expect(report.cost.perMillionPlays).toBeGreaterThan(0);
    expect(report.cost.topPerMillionPlays[0].component).toContain('audio');
    expect(report.cost.monthly).toBeCloseTo(
      report.cost.lines.reduce((sum, l) => sum + l.monthly, 0),
      6,
    );
  });
});
