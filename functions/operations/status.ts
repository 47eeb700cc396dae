/** Each consumer's status for the sync manager: queue depth, wait, throughput, errors, dead letters, health and lag over the hour. */
import type { ConsumerStatus } from './contract/admin-ops.js';
import { consumers, type ConsumerSpec } from '../consumers.js';
import { oldestDeadLetterAgeSeconds } from './dead-letters.js';
import { errorRate, healthOf, healthThresholds } from './health.js';
import { consumerQueueUrl, deadLetterQueueUrl, depthOf } from './queues.js';
import { recentErrors } from '../platform/recent-errors.js';
import { latestMinute, minuteOf, minutesSince, type ConsumerMinute } from '../platform/telemetry.js';

const HOUR_MS = 3600_000;

async function statusOf(consumer: ConsumerSpec, now: Date): Promise<ConsumerStatus> {
  const [queue, dlq, minutes, latest] = await Promise.all([
    consumerQueueUrl(consumer).then(depthOf),
    deadLetterQueueUrl(consumer).then(depthOf),
    minutesSince(consumer.name, new Date(now.getTime() - HOUR_MS)),
    latestMinute(consumer.name),
  ]);
  const eventsBehind = queue.visible + queue.inFlight + queue.delayed;
  const deadLetters = dlq.visible + dlq.inFlight + dlq.delayed;
  const windowStart = minuteOf(new Date(now.getTime() - (healthThresholds.windowMinutes - 1) * 60_000));
  const recent = minutes.filter((m) => m.minute >= windowStart);
  const processed = recent.reduce((sum, m) => sum + m.processed, 0);
  const failed = recent.reduce((sum, m) => sum + m.failed, 0);
  const oldestAgeSeconds = eventsBehind === 0 ? 0 : latest ? Math.max(0, (now.getTime() - latest.oldestSentAt) / 1000) : null;
  const figures = { eventsBehind, oldestAgeSeconds, deadLetters, processed, failed };
  return {
    name: consumer.name,
    kind: consumer.kind,
    eventsBehind,
    inFlight: queue.inFlight,
    oldestAgeSeconds,
    throughputPerMinute: (processed + failed) / healthThresholds.windowMinutes,
    errorRate: errorRate(figures),
    deadLetters,
    deadLetterOldestAgeSeconds: deadLetters > 0 ? await oldestDeadLetterAgeSeconds(consumer, now) : null,
    health: healthOf(figures),
    lag: minutes.map(lagSampleOf),
  };
}

const lagSampleOf = (m: ConsumerMinute) => ({
  minute: m.minute,
  processed: m.processed,
  failed: m.failed,
  meanWaitSeconds: m.processed + m.failed ? m.waitMs / (m.processed + m.failed) / 1000 : 0,
});

export async function consumerStatuses(now: Date) {
  return {
    at: now.toISOString(),
    thresholds: {
      laggingEventsBehind: healthThresholds.laggingEventsBehind,
      laggingOldestAgeSeconds: healthThresholds.laggingOldestAgeSeconds,
      failingDeadLetters: healthThresholds.failingDeadLetters,
      failingErrorRate: healthThresholds.failingErrorRate,
      windowMinutes: healthThresholds.windowMinutes,
    },
    consumers: await Promise.all(consumers.map((c) => statusOf(c, now))),
    latestErrors: await recentErrors(),
  };
}
