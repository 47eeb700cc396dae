/**
 * Fan-out: one FIFO queue per consumer of functions/consumers.ts, each with a FIFO DLQ and an alarm on its depth; the
 * relay's failures queue, with a DLQ of its own. Every queue and the alarm topic refuse requests without TLS.
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { DeduplicationScope, FifoThroughputLimit, Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { consumers, dlqName, queueName, type ConsumerSpec } from '../../functions/consumers.js';
import { alarmNames } from './alarm-names.js';
import { pascal, type TokoConfig } from './config.js';

/** Receives of one relay-failure record (by a replay) before it moves to the relay-failures DLQ. */
export const relayFailuresMaxReceiveCount = 5;

export interface MessagingStackProps extends StackProps {
  config: TokoConfig;
  consumers?: readonly ConsumerSpec[];
}

export class MessagingStack extends Stack {
  /** By consumer name. */
  readonly queues = new Map<string, IQueue>();
  readonly deadLetterQueues = new Map<string, IQueue>();
  /** Stream records the relay could not deliver after its retries (metadata only; replay from the table). */
  readonly relayFailures: IQueue;
  /** Failure records that a replay received `relayFailuresMaxReceiveCount` times without finishing. */
  readonly relayFailuresDlq: IQueue;

  /** Where every alarm goes (the observability stack's too). */
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: MessagingStackProps) {
    super(scope, id, props);
    const { prefix } = props.config;

    this.alarmTopic = new Topic(this, 'AlarmTopic', { topicName: `${prefix}alarms`, enforceSSL: true });
    if (props.config.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.config.alarmEmail));

    for (const consumer of props.consumers ?? consumers) {
      const id = pascal(consumer.name);
      const deadLetterQueue = new Queue(this, `${id}Dlq`, {
        queueName: dlqName(prefix, consumer),
        fifo: true,
        retentionPeriod: Duration.days(14),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new Queue(this, `${id}Queue`, {
        queueName: queueName(prefix, consumer),
        fifo: true,
        // The relay sets MessageDeduplicationId = streamId + version; groups are streams.
        contentBasedDeduplication: false,
        deduplicationScope: DeduplicationScope.MESSAGE_GROUP,
        fifoThroughputLimit: FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
        visibilityTimeout: Duration.seconds(consumer.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(4),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: consumer.maxReceiveCount },
      });
      this.alarmWhenNotEmpty(
        `${id}DlqAlarm`,
        alarmNames.deadLetters(prefix, consumer.name),
        deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: 'Maximum',
        }),
      );
      this.queues.set(consumer.name, queue);
      this.deadLetterQueues.set(consumer.name, deadLetterQueue);
      new CfnOutput(this, `${id}QueueUrl`, { value: queue.queueUrl });
    }

    this.relayFailuresDlq = new Queue(this, 'RelayFailuresDlq', {
      queueName: `${prefix}relay-failures-dlq`,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.relayFailures = new Queue(this, 'RelayFailures', {
      queueName: `${prefix}relay-failures`,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // A record is read by whoever replays it; one that keeps coming back is set aside rather than retried forever.
      deadLetterQueue: { queue: this.relayFailuresDlq, maxReceiveCount: relayFailuresMaxReceiveCount },
    });
    this.alarmWhenNotEmpty(
      'RelayFailuresAlarm',
      alarmNames.relayFailures(prefix),
      this.relayFailures.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
    );
    this.alarmWhenNotEmpty(
      'RelayFailuresDlqAlarm',
      `${prefix}relay-failures-dlq-not-empty`,
      this.relayFailuresDlq.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
    );
  }

  private alarmWhenNotEmpty(id: string, alarmName: string, metric: IMetric) {
    const alarm = new Alarm(this, id, {
      alarmName,
      alarmDescription: 'Messages gave up on: inspect, fix the cause, then redrive them',
      metric,
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.alarmTopic));
  }
}
