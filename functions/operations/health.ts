/** A consumer's health from its figures, with every threshold in this one place. Pure. */

type Health = 'ok' | 'lagging' | 'failing';

export const healthThresholds = {
  /** Messages waiting (visible + in flight) above which a consumer lags. */
  laggingEventsBehind: 100,
  /** Seconds the oldest unprocessed message may wait before the consumer lags. */
  laggingOldestAgeSeconds: 60,
  /** Dead letters at or above which a consumer fails: one parked message already holds its stream. */
  failingDeadLetters: 1,
  /** Share of failed attempts over the error window above which a consumer fails… */
  failingErrorRate: 0.5,
  /** …counted only once the window has this many attempts (one retried record is no failure rate). */
  errorRateMinAttempts: 10,
  /** Minutes the throughput and error rate are measured over. */
  windowMinutes: 5,
} as const;

interface HealthFigures {
  eventsBehind: number;
  /** Null when unknown (nothing processed lately). */
  oldestAgeSeconds: number | null;
  deadLetters: number;
  processed: number;
  failed: number;
}

export function errorRate(f: Pick<HealthFigures, 'processed' | 'failed'>): number {
  const attempts = f.processed + f.failed;
  return attempts === 0 ? 0 : f.failed / attempts;
}

export function healthOf(f: HealthFigures, t = healthThresholds): Health {
  if (f.deadLetters >= t.failingDeadLetters) return 'failing';
  if (f.processed + f.failed >= t.errorRateMinAttempts && errorRate(f) > t.failingErrorRate) return 'failing';
  // A failed try holds the rest of its stream until SQS hands it out again: not healthy, whatever the rate.
  if (f.failed > 0) return 'lagging';
  if (f.eventsBehind > t.laggingEventsBehind) return 'lagging';
  // Waiting messages and no idea how long they have waited: nothing was processed lately, so they lag.
  if (f.eventsBehind > 0 && (f.oldestAgeSeconds === null || f.oldestAgeSeconds > t.laggingOldestAgeSeconds)) return 'lagging';
  return 'ok';
}
