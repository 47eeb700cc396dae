/** The whole Toko app: six env-agnostic stacks wired from the manifests (no lookups, so synth runs offline). */
import { Tags, type App, type Stack } from 'aws-cdk-lib';
import { ApiStack } from './api-stack.js';
import type { TokoConfig } from './config.js';
import { DataStack } from './data-stack.js';
import { entriesIn, type Entries } from './entries.js';
import { MailStack } from './mail-stack.js';
import { MessagingStack } from './messaging-stack.js';
import { ObservabilityStack } from './observability-stack.js';
import { WebStack } from './web-stack.js';

/** Every stack of a stage carries the app's and the stage's tags (costs, and what an operator filters by). */
export function tagStage(stacks: Stack[], config: TokoConfig): void {
  for (const stack of stacks) {
    Tags.of(stack).add('app', 'toko');
    Tags.of(stack).add('stage', config.prefix.replace(/-$/, ''));
  }
}

export interface Toko {
  data: DataStack;
  messaging: MessagingStack;
  mail: MailStack;
  web: WebStack;
  api: ApiStack;
  observability: ObservabilityStack;
}

export function buildToko(app: App, config: TokoConfig, entries: Entries = entriesIn(config.functionsDir)): Toko {
  const stackName = (part: string) => `${config.prefix}${part}`;
  const data = new DataStack(app, 'Data', { stackName: stackName('data'), config, description: 'Toko: tables, media bucket, secrets' });
  const messaging = new MessagingStack(app, 'Messaging', {
    stackName: stackName('messaging'),
    config,
    description: 'Toko: consumer queues, DLQs, alarms',
  });
  const mail = new MailStack(app, 'Mail', { stackName: stackName('mail'), config, description: 'Toko: SES identity' });
  const web = new WebStack(app, 'Web', {
    stackName: stackName('web'),
    config,
    mediaBucket: data.mediaBucket,
    accessLogs: data.accessLogs,
    originSecret: data.originSecret,
    description: 'Toko: CloudFront, SPA bucket, HTTP API',
  });
  const api = new ApiStack(app, 'Api', {
    stackName: stackName('api'),
    description: 'Toko: Lambdas, routes, event sources',
    config,
    entries,
    httpApi: web.httpApi,
    apiDomainName: web.apiDomainName,
    eventsTable: data.tables.events,
    relayFailures: messaging.relayFailures,
    environment: {
      tables: data.tables,
      mediaBucket: data.mediaBucket,
      siteBucket: web.siteBucket,
      queuePrefix: config.prefix,
      appOrigin: web.appOrigin,
      secrets: data.secrets,
      appVersion: config.appVersion,
      buildTime: config.buildTime,
      stripePublishableKey: config.stripePublishableKey,
      shopifyMemberDiscountCode: config.shopifyMemberDiscountCode,
    },
    resources: {
      tables: data.tables,
      mediaBucketArnExport: data.mediaBucketArnExport,
      siteBucketArnExport: web.siteBucketArnExport,
      pageListArnExport: web.pageListArnExport,
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
    httpApi: web.httpApi,
  });
  tagStage([data, messaging, mail, web, api, observability], config);
  return { data, messaging, mail, web, api, observability };
}
