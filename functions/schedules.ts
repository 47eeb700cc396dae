/**
 * The schedule manifest: one line per job that runs on a timer. Each job is `functions/<context>/scheduled/<name>.ts` (its
 * `handler`), run by an EventBridge rule at `rate` in AWS (infra/aws) and by the local cloud's timer at the same rate
 * (infra/local): the same handler, no branch on where it runs.
 */

export interface ScheduleSpec {
  /** Its module, functions/<context>/scheduled/<name>.ts. */
  name: string;
  /** An EventBridge rate expression: `rate(1 minute)`, `rate(5 minutes)`, `rate(1 hour)`. */
  rate: string;
  description: string;
}

export const schedules: ScheduleSpec[] = [
  { name: 'publish-due', rate: 'rate(1 minute)', description: 'publishes the scheduled releases whose time has come' },
  { name: 'drift-check', rate: 'rate(15 minutes)', description: 'compares a sample of re-projected streams with the live views' },
  {
    name: 'rebuilds',
    rate: 'rate(1 minute)',
    description: 'works on the blue/green rebuilds asked for, at their pace, until they are ready',
  },
  { name: 'close-rollup-days', rate: 'rate(1 hour)', description: "closes each finished day of the dashboard's rollups into one summary" },
];

const units: Record<string, number> = { minute: 60, minutes: 60, hour: 3600, hours: 3600, day: 86_400, days: 86_400 };

/** The period of a rate expression in seconds, e.g. 60 for `rate(1 minute)`. Pure. */
export function rateSeconds(rate: string): number {
  const match = /^rate\((\d+) (minutes?|hours?|days?)\)$/.exec(rate);
  if (!match || Number(match[1]) < 1) throw new Error(`Not an EventBridge rate expression: ${rate}`);
  return Number(match[1]) * units[match[2]];
}
