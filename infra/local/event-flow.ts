/**
 * What follows each append in the local cloud, as Lambda's event-source mappings do it in AWS: the stream poller
 * hands the events table's stream to the relay, the SQS trigger hands each consumer queue to its consumer.
 */
import { relay, type ConsumerSpec } from '../../functions/consumers.js';
import type { AwsClientConfig } from './dynamodb-local.js';
import type { CreatedQueue, QueueAccess } from './fauxqs-local.js';
import type { QueueHandler, StreamHandler } from './handlers.js';
import { NAMES } from './resources.js';
import type { Shutdown } from './shutdown.js';
import { startSqsTrigger, type SqsTrigger } from './sqs-trigger.js';
import { startStreamPoller, type StreamPoller } from './stream-poller.js';
import { sleep, type Doorbell, type Log } from './util.js';

export interface EventFlowOptions {
  dynamoConfig: AwsClientConfig;
  streamArn: string;
  queueAccess: QueueAccess;
  region: string;
  consumers: readonly ConsumerSpec[];
  /** Each consumer's queue and handler loader, in the order of `consumers`. */
  queues: CreatedQueue[];
  loadRelay: () => Promise<StreamHandler>;
  loadConsumers: (() => Promise<QueueHandler>)[];
  /** Concurrent pollers per consumer queue. */
  concurrency: number;
  log: Log;
  shutdown: Shutdown;
  /** Rung by whatever may have appended an event; a reactor's batches ring it too (a projector appends nothing). */
  appended: Doorbell;
}

export interface EventFlow {
  poller: StreamPoller;
  trigger: SqsTrigger;
  /** True once the poller has read everything and no consumer queue holds a message, twice in a row; false at the timeout. */
  settled(deadline: number): Promise<boolean>;
}

export function startEventFlow(opts: EventFlowOptions): EventFlow {
  const reactors = new Set(opts.consumers.filter((c) => c.kind === 'reactor').map((c) => c.name));
  const poller = startStreamPoller({
    config: opts.dynamoConfig,
    streamArn: opts.streamArn,
    loadHandler: opts.loadRelay,
    handlerName: `${NAMES.queuePrefix}${relay.name}`,
    batchSize: relay.batchSize,
    log: opts.log,
    appended: opts.appended,
  });
  opts.shutdown.add(() => poller.stop());
  const trigger = startSqsTrigger({
    queues: opts.queueAccess,
    region: opts.region,
    log: opts.log,
    concurrency: opts.concurrency,
    handled: (consumer) => reactors.has(consumer) && opts.appended.ring(),
    targets: opts.consumers.map((c, i) => ({
      consumer: c.name,
      queueUrl: opts.queues[i].url,
      queueArn: opts.queues[i].arn,
      visibilityTimeoutSeconds: opts.queues[i].visibilityTimeoutSeconds,
      keepInFlightSeconds: c.visibilityTimeoutSeconds,
      batchSize: c.batchSize,
      loadHandler: opts.loadConsumers[i],
    })),
  });
  opts.shutdown.add(() => trigger.stop());

  const settled = async (deadline: number) => {
    let streak = 0;
    while (Date.now() < deadline) {
      const caught = await poller.caughtUp(Math.max(1, deadline - Date.now()));
      const idle = caught && (await trigger.idle().catch(() => false));
      streak = idle ? streak + 1 : 0;
      if (streak >= 2) return true;
      await sleep(idle ? 10 : 25);
    }
    return false;
  };
  return { poller, trigger, settled };
}
