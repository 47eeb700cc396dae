/**
 * The app's own CloudWatch metrics, written as embedded-metric log lines by Powertools Metrics (no API call, no
 * latency): plays recorded, purchases, sign-ins, webhook failures, and each consumer's lag. The CDK app's alarms and
 * dashboard read them by these names (infra/aws/observability-stack.ts). Each is written at once as a single metric,
 * so a handler has nothing to flush. The local cloud turns them off (POWERTOOLS_METRICS_DISABLED): its output is logs.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MetricUnit as Unit } from '@aws-lambda-powertools/metrics/types';

export const METRICS_NAMESPACE = 'Toko';
/** The `service` dimension of every metric, so an alarm names each metric by one fixed set of dimensions. */
export const METRICS_SERVICE = 'toko';

export const metricNames = {
  playsRecorded: 'PlaysRecorded',
  /** Play reports the server did not count (dimension `reason`: functions/listening/domain/plays.ts), the suspicious plays. */
  playsRefused: 'PlaysRefused',
  purchases: 'Purchases',
  signIns: 'SignIns',
  webhookFailures: 'WebhookFailures',
  /** Per consumer (dimension `consumer`): how long the oldest event of a batch waited since it was appended, in ms. */
  consumerLag: 'ConsumerLag',
  /** Differences the drift detector found between re-projected streams and the live views (functions/operations/drift.ts). */
  viewDrift: 'ViewDrift',
} as const;
export type MetricName = (typeof metricNames)[keyof typeof metricNames];

/**
 * One single-metric instance for the process: each `addMetric` writes its line at once and clears the dimensions, so it
 * is reused (calls are synchronous). Powertools' `singleMetric()` makes a new instance, and with it a new Console, per
 * call: a twentieth of the CPU of a play's request.
 */
let single: { metrics: Metrics; disabled: string | undefined } | undefined;

/** The instance, made again if POWERTOOLS_METRICS_DISABLED changed since (it is read when an instance is made). */
function singleMetric(): Metrics {
  const disabled = process.env.POWERTOOLS_METRICS_DISABLED;
  if (single && single.disabled === disabled) return single.metrics;
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE, singleMetric: true });
  single = { metrics, disabled };
  return metrics;
}

/** Writes one value of a metric now. */
export function recordMetric(name: MetricName, value = 1, dimensions: Record<string, string> = {}, unit: Unit = MetricUnit.Count) {
  const metrics = singleMetric();
  try {
    for (const [key, dimension] of Object.entries(dimensions)) metrics.addDimension(key, dimension);
    metrics.addMetric(name, unit, value);
  } finally {
    // A metric refused (a bad value) leaves no dimension behind for the next one.
    metrics.clearDimensions();
  }
}

/** A consumer's lag: the longest any of the batch's events waited between its append and now. */
export function recordConsumerLag(consumer: string, appendedAt: number[], now = Date.now()) {
  if (appendedAt.length === 0) return;
  recordMetric(metricNames.consumerLag, Math.max(0, now - Math.min(...appendedAt)), { consumer }, MetricUnit.Milliseconds);
}

/**
 * Runs a webhook's work; a delivery it refuses or fails (the sender will retry it) counts as a webhook failure, logged
 * by `logger` (the delivery's request's, with its correlation id).
 */
export async function countingFailures<T>(logger: Logger, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    recordMetric(metricNames.webhookFailures);
    logger.warn('webhook failed', { error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
