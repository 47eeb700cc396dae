/** The local cloud's tables, queues and bucket, made from the manifests (infra/tables.ts, functions/consumers.ts) when missing. */
import { dlqName, queueName, type ConsumerSpec } from '../../functions/consumers.js';
import { tables } from '../tables.js';
import { ensureTables, type AwsClientConfig } from './dynamodb-local.js';
import { ensureBucket, ensureQueues, type CreatedQueue } from './fauxqs-local.js';
import { countPlaysInRollups, moveCountersOutOfViews, sealPersonalDataInPlace } from './upgrade-data.js';
import type { Log } from './util.js';

export const NAMES = {
  tablePrefix: 'toko-',
  queuePrefix: 'toko-',
  bucket: 'toko-media',
  /** The site bucket: the SPA's index.html (the pre-renderer's template) and the pre-rendered pages. */
  siteBucket: 'toko-site',
};

export const tableName = (name: string) => `${NAMES.tablePrefix}${name}`;

export interface ResourceOptions {
  dynamoConfig: AwsClientConfig;
  fauxqsConfig: AwsClientConfig;
  consumers: readonly ConsumerSpec[];
  /** The consumer queues' visibility timeout, for those whose work is short. */
  visibilityTimeoutSeconds: number;
  /** The key-encryption key of the personal data keys (the handlers' PERSONAL_DATA_SECRET), for sealing old events. */
  personalDataSecret: string;
  log: Log;
}

export interface Resources {
  /** The events table's stream, which the relay reads. */
  streamArn: string;
  /** The queue of each consumer, in the order of `consumers`. */
  queues: CreatedQueue[];
}

export async function createResources(opts: ResourceOptions): Promise<Resources> {
  const { dynamoConfig, fauxqsConfig } = opts;
  const [described, queues] = await Promise.all([
    ensureTables(dynamoConfig, tables, (def) => tableName(def.name)),
    ensureQueues(
      fauxqsConfig,
      opts.consumers.map((c) => ({
        name: queueName(NAMES.queuePrefix, c),
        dlqName: dlqName(NAMES.queuePrefix, c),
        maxReceiveCount: c.maxReceiveCount,
        // Short locally so failed messages retry quickly, except for consumers whose work outlasts it
        // (building album ZIPs): there a short timeout would hand the message to a second worker mid-job.
        visibilityTimeoutSeconds:
          c.visibilityTimeoutSeconds > 30
            ? c.visibilityTimeoutSeconds
            : Math.min(opts.visibilityTimeoutSeconds, c.visibilityTimeoutSeconds),
      })),
    ),
    ensureBucket(fauxqsConfig, NAMES.bucket),
    ensureBucket(fauxqsConfig, NAMES.siteBucket),
  ]);
  const moved = await moveCountersOutOfViews(dynamoConfig, {
    views: tableName('views'),
    counters: tableName('counters'),
    ephemeral: tableName('ephemeral'),
  });
  if (moved) opts.log.info(`moved ${moved} checkpoints and counters from the views table to the counters table`);
  const recounted = await countPlaysInRollups(dynamoConfig, {
    events: tableName('events'),
    views: tableName('views'),
    counters: tableName('counters'),
    ephemeral: tableName('ephemeral'),
  });
  if (recounted) opts.log.info(`counted ${recounted} play counters again from the log for the rollups projector, which now keeps them`);
  const sealed = await sealPersonalDataInPlace(
    dynamoConfig,
    { events: tableName('events'), keys: tableName('keys'), ephemeral: tableName('ephemeral') },
    opts.personalDataSecret,
  );
  if (sealed) opts.log.info(`sealed the personal fields of ${sealed} events written before they were encrypted`);
  const streamArn = described.get('events')?.LatestStreamArn;
  if (!streamArn) throw new Error('the events table has no stream');
  return { streamArn, queues };
}
