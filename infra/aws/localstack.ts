/**
 * The app as LocalStack's free edition can run it (`-c target=localstack`, `npm run deploy:localstack`): the tables,
 * queues, mail identity, alarms and every function with its live alias, the events stream relay, the consumers and the
 * schedules, but none of what the free edition lacks: CloudFront (and with it the site, its pages and the pre-render
 * consumer), API Gateway's HTTP APIs (the functions are invoked directly), Lambda layers (their modules are bundled in,
 * and AWS's secrets extension, itself a layer, is left out) and CodeDeploy (an alias moves at once).
 */
import type { App } from 'aws-cdk-lib';
import { consumers as consumerManifest } from '../../functions/consumers.js';
import { ApiStack } from './api-stack.js';
import type { TokoConfig } from './config.js';
import { DataStack } from './data-stack.js';
import { entriesIn, type Entries } from './entries.js';
import { MailStack } from './mail-stack.js';
import { MessagingStack } from './messaging-stack.js';
import { ObservabilityStack } from './observability-stack.js';
import { tagStage } from './toko.js';

/** LocalStack's address for the app's links and Origin checks: its gateway, where a developer reaches it. */
export const LOCALSTACK_ORIGIN = 'http://localhost.localstack.cloud:4566';

export interface LocalStackToko {
  data: DataStack;
  messaging: MessagingStack;
  mail: MailStack;
  api: ApiStack;
  observability: ObservabilityStack;
}

export function buildLocalStackToko(app: App, config: TokoConfig, entries: Entries = entriesIn(config.functionsDir)): LocalStackToko {
  if (config.target !== 'localstack') throw new Error('buildLocalStackToko builds the `-c target=localstack` variant only');
  const stackName = (part: string) => `${config.prefix}${part}`;
  // The pre-render consumer renders into the site's bucket for CloudFront, through a layer: neither is here. Its queue
  // stays, because the relay sends to every queue of the manifest.
  const consumers = consumerManifest.filter((consumer) => !consumer.renderer);
  const data = new DataStack(app, 'Data', { stackName: stackName('data'), config, description: 'Toko: tables, media bucket, secrets' });
  const messaging = new MessagingStack(app, 'Messaging', {
    stackName: stackName('messaging'),
    config,
    description: 'Toko: consumer queues, DLQs, alarms',
  });
  const mail = new MailStack(app, 'Mail', { stackName: stackName('mail'), config, description: 'Toko: SES identity' });
  const api = new ApiStack(app, 'Api', {
    stackName: stackName('api'),
    description: 'Toko: Lambdas and event sources (LocalStack free edition: no HTTP API)',
    config,
    entries,
    consumers,
    eventsTable: data.tables.events,
    relayFailures: messaging.relayFailures,
    environment: {
      tables: data.tables,
      mediaBucket: data.mediaBucket,
      queuePrefix: config.prefix,
      appOrigin: LOCALSTACK_ORIGIN,
      secrets: data.secrets,
      appVersion: config.appVersion,
      buildTime: config.buildTime,
      stripePublishableKey: config.stripePublishableKey,
      shopifyMemberDiscountCode: config.shopifyMemberDiscountCode,
    },
    resources: {
      tables: data.tables,
      mediaBucketArnExport: data.mediaBucketArnExport,
      queues: messaging.queues,
      deadLetterQueues: messaging.deadLetterQueues,
      mailIdentity: mail.identity,
    },
  });
  const observability = new ObservabilityStack(app, 'Observability', {
    stackName: stackName('observability'),
    description: 'Toko: alarms and the operations dashboard',
    config,
    alarmTopic: messaging.alarmTopic,
    queues: messaging.queues,
    functions: api.observedFunctions(),
  });
  tagStage([data, messaging, mail, api, observability], config);
  return { data, messaging, mail, api, observability };
}
