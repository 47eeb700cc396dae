/**
 * What an operator watches in AWS: alarms on the consumers' queues (oldest message age), every function's errors and
 * throttles, the API's 5xx rate, the webhooks' failures and the share of play reports refused, to the alarm topic (e-mailed when config names an
 * address; the DLQ-depth alarms sit with their queues in the messaging stack); and one CloudWatch dashboard of the
 * same figures with the app's own metrics (functions/platform/metrics.ts): plays, the refused play reports by reason, purchases, sign-ins and each consumer's lag.
 * Thresholds come from the sync manager's (functions/operations/health.ts), so the console and the alarms agree.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { healthThresholds } from '../../functions/operations/health.js';
import { METRICS_NAMESPACE, METRICS_SERVICE, metricNames, type MetricName } from '../../functions/platform/metrics.js';
import { playRefusalReasons } from '../../events/play-refusals.js';
import { alarmNames } from './alarm-names.js';
import { pascal, type TokoConfig } from './config.js';

/** The API's share of 5xx answers (percent over five minutes) above which it alarms… */
export const API_5XX_PERCENT = 1;
/** …once those five minutes saw this many requests (two failures of three requests are no outage). */
export const API_5XX_MIN_REQUESTS = 50;
/** Webhook deliveries refused or failed in five minutes above which it alarms (a forged one now and then is no outage). */
export const WEBHOOK_FAILURES = 5;
/** The share of play reports refused (percent over five minutes) above which it alarms: a player bypassed, or a bot… */
export const PLAYS_REFUSED_PERCENT = 10;
/** …once those five minutes saw this many reports (a listener's stale tab now and then is no attack). */
export const PLAYS_REFUSED_MIN_REPORTS = 100;

export interface ObservabilityStackProps extends StackProps {
  config: TokoConfig;
  alarmTopic: ITopic;
  /** Each consumer's queue, by consumer name. */
  queues: ReadonlyMap<string, IQueue>;
  /** Every function, by a name for the alarm. */
  functions: ReadonlyMap<string, IFunction>;
  /** None in the LocalStack variant (config.target), which has no HTTP API. */
  httpApi?: IHttpApi;
}

const FIVE_MINUTES = Duration.minutes(5);

/** One of the app's own metrics (functions/platform/metrics.ts). */
const appMetric = (name: MetricName, dimensions: Record<string, string> = {}, statistic = 'Sum') =>
  new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: METRICS_SERVICE, ...dimensions },
    statistic,
    period: FIVE_MINUTES,
  });

export class ObservabilityStack extends Stack {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { prefix } = props.config;
    const alarm = (alarmId: string, options: { name: string; description: string; metric: IMetric; threshold: number }) =>
      new Alarm(this, alarmId, {
        alarmName: options.name,
        alarmDescription: options.description,
        metric: options.metric,
        threshold: options.threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(new SnsAction(props.alarmTopic));

    const oldestAges = [...props.queues].map(([name, queue]) => {
      const metric = queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum' });
      alarm(`${pascal(name)}OldestMessageAlarm`, {
        name: alarmNames.oldestMessage(prefix, name),
        description: `The ${name} consumer lags: a message waited over ${healthThresholds.laggingOldestAgeSeconds} s (see the sync manager)`,
        metric,
        threshold: healthThresholds.laggingOldestAgeSeconds,
      });
      // Labelled on the dashboard only: an alarm's labelled metric becomes a metric-math query.
      return metric.with({ label: name });
    });

    const errors: IMetric[] = [];
    const throttles: IMetric[] = [];
    for (const [name, fn] of props.functions) {
      const id = pascal(name);
      const failed = fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
      const throttled = fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' });
      alarm(`${id}ErrorsAlarm`, {
        name: alarmNames.functionErrors(prefix, name),
        description: `The ${name} function failed (its logs say why)`,
        metric: failed,
        threshold: 0,
      });
      alarm(`${id}ThrottlesAlarm`, {
        name: alarmNames.functionThrottles(prefix, name),
        description: `The ${name} function was throttled: its concurrency or the account's is used up`,
        metric: throttled,
        threshold: 0,
      });
      errors.push(failed.with({ label: name }));
      throttles.push(throttled.with({ label: name }));
    }

    const graph = (title: string, left: IMetric[], width = 12) => new GraphWidget({ title, left, width, height: 6 });
    const apiWidgets: GraphWidget[] = [];
    if (props.httpApi) {
      const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
      const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
      const serverErrorPercent = new MathExpression({
        expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
        usingMetrics: { requests, errors: serverErrors },
        period: FIVE_MINUTES,
        label: '5xx %',
      });
      alarm('Api5xxAlarm', {
        name: alarmNames.api5xx(prefix),
        description: `Over ${API_5XX_PERCENT}% of the API's answers in five minutes were 5xx`,
        metric: serverErrorPercent,
        threshold: API_5XX_PERCENT,
      });
      apiWidgets.push(
        graph('API requests and 5xx answers', [requests, serverErrors]),
        graph('API latency (p95)', [props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p95' })]),
      );
    }

    const webhookFailures = appMetric(metricNames.webhookFailures);
    alarm('WebhookFailuresAlarm', {
      name: `${prefix}webhook-failures`,
      description: `Over ${WEBHOOK_FAILURES} Stripe or Shopify webhook deliveries were refused or failed in five minutes (they are retried; the logs say why)`,
      metric: webhookFailures,
      threshold: WEBHOOK_FAILURES,
    });

    alarm('ViewDriftAlarm', {
      name: `${prefix}view-drift`,
      description:
        'The drift detector found view items that differ from their streams re-projected (the sync manager lists them, each with a Heal button)',
      metric: appMetric(metricNames.viewDrift, {}, 'Maximum'),
      threshold: 0,
    });

    // PlaysRefused carries its reason as a dimension, so its total is their sum (metric math takes up to ten metrics).
    const refusedByReason = Object.fromEntries(
      playRefusalReasons.map((reason, i) => [`r${i}`, appMetric(metricNames.playsRefused, { reason }).with({ label: reason })]),
    );
    const refused = new MathExpression({
      expression: Object.keys(refusedByReason)
        .map((id) => `FILL(${id}, 0)`)
        .join(' + '),
      usingMetrics: refusedByReason,
      period: FIVE_MINUTES,
      label: 'refused',
    });
    const refusedPercent = new MathExpression({
      expression: `IF(refused + recorded >= ${PLAYS_REFUSED_MIN_REPORTS}, 100 * refused / (refused + recorded), 0)`,
      usingMetrics: { refused, recorded: appMetric(metricNames.playsRecorded) },
      period: FIVE_MINUTES,
      label: 'refused %',
    });
    alarm('PlaysRefusedAlarm', {
      name: `${prefix}plays-refused`,
      description: `Over ${PLAYS_REFUSED_PERCENT}% of play reports in five minutes were refused, the suspicious plays (the sync manager and the dashboard show them by reason)`,
      metric: refusedPercent,
      threshold: PLAYS_REFUSED_PERCENT,
    });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${prefix}operations`,
      widgets: [
        [
          new TextWidget({
            markdown:
              '# Toko\nThe API, the consumers and the app’s own figures. Alarms go to the alarm topic; the sync manager (/sync-manager) shows each consumer’s dead letters.',
            width: 24,
            height: 2,
          }),
        ],
        ...(apiWidgets.length > 0 ? [apiWidgets] : []),
        [
          graph('Plays, purchases and sign-ins', [
            appMetric(metricNames.playsRecorded),
            appMetric(metricNames.purchases),
            appMetric(metricNames.signIns),
          ]),
          graph('Webhook failures', [webhookFailures]),
        ],
        [graph('Suspicious plays: play reports refused, by reason', Object.values(refusedByReason), 24)],
        [
          graph('Consumers: oldest message age (s)', oldestAges),
          graph(
            'Consumers: lag behind the log (ms, max)',
            [...props.queues.keys()].map((consumer) => appMetric(metricNames.consumerLag, { consumer }, 'Maximum')),
          ),
        ],
        [graph('Function errors', errors), graph('Function throttles', throttles)],
      ],
    });
  }
}
