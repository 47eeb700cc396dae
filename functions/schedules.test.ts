import { describe, expect, it } from 'vitest';
import { rateSeconds, schedules } from './schedules.js';
import { entriesIn } from '../infra/aws/entries.js';

describe('the schedule manifest', () => {
  it('names a module with a handler for every job, at a rate EventBridge takes', () => {
    for (const job of schedules) {
      expect(entriesIn(import.meta.dirname).scheduled(job.name), job.name).toMatch(new RegExp(`/scheduled/${job.name}\\.ts$`));
      expect(rateSeconds(job.rate)).toBeGreaterThanOrEqual(60);
    }
  });

  it('reads rate expressions, and refuses what is not one', () => {
    expect(rateSeconds('rate(1 minute)')).toBe(60);
    expect(rateSeconds('rate(5 minutes)')).toBe(300);
    expect(rateSeconds('rate(2 hours)')).toBe(7200);
    expect(() => rateSeconds('cron(0 * * * ? *)')).toThrow(/rate expression/);
    expect(() => rateSeconds('rate(0 minutes)')).toThrow();
  });
});
