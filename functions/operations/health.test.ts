import { describe, expect, it } from 'vitest';
import { errorRate, healthOf, healthThresholds as t } from './health.js';

const calm = { eventsBehind: 0, oldestAgeSeconds: 0, deadLetters: 0, processed: 100, failed: 0 };

describe('healthOf', () => {
  it('is ok when nothing waits long and nothing is dead-lettered', () => {
    expect(healthOf(calm)).toBe('ok');
    expect(healthOf({ ...calm, eventsBehind: t.laggingEventsBehind, oldestAgeSeconds: t.laggingOldestAgeSeconds })).toBe('ok');
  });

  it('lags when too many wait, or the oldest waits too long, or nothing was processed lately while some wait', () => {
    expect(healthOf({ ...calm, eventsBehind: t.laggingEventsBehind + 1 })).toBe('lagging');
    expect(healthOf({ ...calm, eventsBehind: 1, oldestAgeSeconds: t.laggingOldestAgeSeconds + 1 })).toBe('lagging');
    expect(healthOf({ ...calm, eventsBehind: 1, oldestAgeSeconds: null })).toBe('lagging');
    expect(healthOf({ ...calm, eventsBehind: 0, oldestAgeSeconds: null })).toBe('ok');
  });

  it('fails with a dead letter, whatever else', () => {
    expect(healthOf({ ...calm, deadLetters: 1 })).toBe('failing');
    expect(healthOf({ ...calm, deadLetters: 1, eventsBehind: 5_000 })).toBe('failing');
  });

  it('fails when most attempts fail, once there are enough of them to say so', () => {
    expect(healthOf({ ...calm, processed: 4, failed: 6 })).toBe('failing');
    expect(healthOf({ ...calm, processed: 5, failed: 5 })).not.toBe('failing');
    expect(healthOf({ ...calm, processed: 0, failed: t.errorRateMinAttempts - 1 })).not.toBe('failing');
  });

  it('lags with any failed try in the window, however few', () => {
    expect(healthOf({ ...calm, processed: 6, failed: 1 })).toBe('lagging');
    expect(healthOf({ ...calm, processed: 999, failed: 1 })).toBe('lagging');
    expect(healthOf({ ...calm, processed: 0, failed: 1 })).toBe('lagging');
  });
});

describe('errorRate', () => {
  it('is the share of failed attempts, 0 without any', () => {
    expect(errorRate({ processed: 3, failed: 1 })).toBe(0.25);
    expect(errorRate({ processed: 0, failed: 0 })).toBe(0);
  });
});
