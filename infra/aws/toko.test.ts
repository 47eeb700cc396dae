/** The deployed shape, read from the synthesized templates of the real app (real entries, real bundles). */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, Stack } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumers, dlqName, queueName, relay } from '../../functions/consumers.js';
import { contexts, routeKey, routes } from '../../functions/routes.js';
import { healthThresholds } from '../../functions/operations/health.js';
import { playRefusalReasons } from '../../events/play-refusals.js';
import { schedules } from '../../functions/schedules.js';
import { tables } from '../tables.js';
import { cdkJsonContext, configFromContext } from './config.js';
import { accessLogPrefixes } from './data-stack.js';
import { EDGE_CACHE_SECONDS, edgeCachedRoutes } from './edge-cache.js';
import { codecModules } from './lambda.js';
import { relayFailuresMaxReceiveCount } from './messaging-stack.js';
import {
  API_5XX_MIN_REQUESTS,
  API_5XX_PERCENT,
  PLAYS_REFUSED_MIN_REPORTS,
  PLAYS_REFUSED_PERCENT,
  WEBHOOK_FAILURES,
} from './observability-stack.js';
import { routeThrottles } from './throttling.js';
import { secretNames, SECRETS_TTL_MS, type SecretName } from '../../functions/platform/secrets.js';
import { consumerSecrets, httpSecrets } from '../../functions/secrets.js';
import { buildToko, type Toko } from './toko.js';
import { pageListActions } from './access.js';
import { sitePagesCode } from './web-stack.js';
import { PAGE_FRESH_SECONDS } from '../../functions/catalogue/page-list.js';

type Json = Record<string, unknown>;
type Resource = { Type: string; Properties: Json; DependsOn?: string[] };
type Statement = { Effect: string; Principal?: unknown; Action: string | string[]; Resource: unknown; Condition?: Json };

let outdir: string;
let toko: Toko;
let template: Record<keyof Toko, Template>;
/** The API stack's nested stack of HTTP routes and their integrations. */
let routesTemplate: Template;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'toko-cdk-'));
  const app = new App({ outdir, context: cdkJsonContext() });
  toko = buildToko(app, configFromContext(app.node, { spaDir: join(outdir, 'no-spa-built') }));
  template = {
    data: Template.fromStack(toko.data),
    messaging: Template.fromStack(toko.messaging),
    mail: Template.fromStack(toko.mail),
    web: Template.fromStack(toko.web),
    api: Template.fromStack(toko.api),
    observability: Template.fromStack(toko.observability),
  };
  routesTemplate = Template.fromStack(toko.api.routes!);
});

/** A value of the routes' nested stack as the API stack passes it: a parameter's Ref becomes the parameter's value. */
function fromApiStack(value: unknown): unknown {
  const [[, nested]] = resources(template.api, 'AWS::CloudFormation::Stack');
  const name = (value as { Ref?: string }).Ref;
  const parameters = nested.Properties.Parameters as Record<string, unknown>;
  return name !== undefined && name in parameters ? parameters[name] : value;
}

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<Stack['getLogicalId']>[0]);

/** How an event-source mapping names a function's live alias: `<function name>:live`, the name read from the alias's ARN. */
const liveFunctionName = (fn: NodejsFunction) => ({
  'Fn::Join': ['', [{ 'Fn::Select': [6, { 'Fn::Split': [':', { Ref: logicalId(toko.api, fn.node.findChild('Live')) }] }] }, ':live']],
});

const resources = (t: Template, type: string) => Object.entries(t.findResources(type)) as [string, Resource][];

const statements = (policy: Resource) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;

/** The statement that refuses every request made without TLS, if the policy has one. */
const tlsOnly = (policy: Resource) =>
  statements(policy).find(
    (s) =>
      s.Effect === 'Deny' &&
      ['"*"', JSON.stringify({ AWS: '*' })].includes(JSON.stringify(s.Principal)) &&
      JSON.stringify(s.Condition) === JSON.stringify({ Bool: { 'aws:SecureTransport': 'false' } }),
  );

/** Follows a cross-stack `Fn::ImportValue` to the producing stack's exported value. */
function exported(producer: Template, value: unknown): unknown {
  const name = (value as { 'Fn::ImportValue'?: string })['Fn::ImportValue'];
  if (!name) return value;
  const output = Object.values(producer.toJSON().Outputs as Record<string, { Value: unknown; Export?: { Name: string } }>).find(
    (o) => o.Export?.Name === name,
  );
  if (!output) throw new Error(`No export ${name}`);
  return output.Value;
}

/** The data stack's logical id of the secret each of the app's secrets is in. */
const secretLogicalId = (name: SecretName) => logicalId(toko.data, toko.data.secrets[name].secret);

/** The secrets (by the data stack's logical id) a function's role may read. */
function readableSecrets(fn: { role?: { node: { defaultChild?: unknown } } }): Set<string> {
  const role = logicalId(toko.api, fn.role!);
  const granted = new Set<string>();
  for (const [, policy] of resources(template.api, 'AWS::IAM::Policy')) {
    if (!JSON.stringify(policy.Properties.Roles).includes(`"${role}"`)) continue;
    for (const statement of statements(policy)) {
      if (![statement.Action].flat().includes('secretsmanager:GetSecretValue')) continue;
      for (const resource of [statement.Resource].flat()) {
        const ref = exported(template.data, resource) as { Ref?: string };
        granted.add(ref.Ref ?? JSON.stringify(resource));
      }
    }
  }
  return granted;
}

/** What a function's SECRETS setting names: each secret's id and field. */
function sourcesOf(fn: { node: { defaultChild?: unknown } }): Json {
  const resource = template.api.toJSON().Resources[logicalId(toko.api, fn)] as Resource;
  const raw = (resource.Properties.Environment as { Variables: Json }).Variables.SECRETS;
  if (raw === undefined) return {};
  // A token in the JSON makes it an Fn::Join; its pieces, joined with a placeholder, parse as the JSON it becomes.
  const join = (raw as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  const text = join ? join[1].map((piece) => (typeof piece === 'string' ? piece : 'ref')).join(join[0]) : (raw as string);
  return JSON.parse(text) as Json;
}

describe('data stack', () => {
  it.each(tables)('table $name has the keys of infra/tables.ts, on demand, with point-in-time recovery', (definition) => {
    template.data.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: `toko-${definition.name}`,
      KeySchema: [
        { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: definition.sortKey.name, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: definition.partitionKey.name, AttributeType: definition.partitionKey.type },
        { AttributeName: definition.sortKey.name, AttributeType: definition.sortKey.type },
      ]),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      GlobalSecondaryIndexes: definition.globalIndexes.length
        ? definition.globalIndexes.map((index) =>
            Match.objectLike({
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
                { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
              ],
            }),
          )
        : Match.absent(),
    });
  });

  it('streams new images of the events table, which is kept when the stack goes', () => {
    template.data.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ TableName: 'toko-events', StreamSpecification: { StreamViewType: 'NEW_IMAGE' } }),
      DeletionPolicy: 'Retain',
    });
  });

  it('keeps the keys table (the personal data keys) when the stack goes', () => {
    template.data.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ TableName: 'toko-keys', DeletionProtectionEnabled: true }),
      DeletionPolicy: 'Retain',
    });
  });

  it('expires ephemeral items on expiresAt', () => {
    template.data.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'toko-ephemeral',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('keeps the media bucket private, with CORS for ranged GET/HEAD and upload POSTs', () => {
    template.data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      CorsConfiguration: {
        CorsRules: Match.arrayWith([
          Match.objectLike({
            AllowedMethods: ['GET', 'HEAD'],
            AllowedHeaders: Match.arrayWith(['Range']),
            ExposedHeaders: Match.arrayWith(['Accept-Ranges', 'Content-Range']),
          }),
          // The admin's browser posts uploads straight to the bucket (presigned POST forms).
          Match.objectLike({ AllowedMethods: ['POST'] }),
        ]),
      },
    });
  });

  it("expires the media bucket's unfiled uploads under incoming/ after a day", () => {
    template.data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Prefix: 'incoming/', ExpirationInDays: 1, Status: 'Enabled' })]),
      },
    });
  });

  it('generates the session secret in Secrets Manager instead of writing it', () => {
    template.data.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'toko-session-secret',
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    });
  });

  it('tells the operator’s commands where the tables and the personal data key are, never the key itself', () => {
    const outputs = template.data.toJSON().Outputs as Record<string, { Value: unknown }>;
    const [[personalDataId]] = resources(template.data, 'AWS::SecretsManager::Secret').filter(
      ([, r]) => r.Properties.Name === 'toko-personal-data-secret',
    );
    expect(outputs.PersonalDataSecretId.Value).toEqual({ Ref: personalDataId });
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['EventsTableName', 'KeysTableName', 'MediaBucketName']));
  });

  it('keeps the merch shop’s store, Storefront token and webhook secret in one Secrets Manager secret, a placeholder until set', () => {
    const [[, secret]] = resources(template.data, 'AWS::SecretsManager::Secret').filter(([, r]) => r.Properties.Name === 'toko-shopify');
    expect(Object.keys(JSON.parse(secret.Properties.SecretString as string) as object)).toEqual([
      'storeDomain',
      'storefrontToken',
      'webhookSecret',
    ]);
  });

  it('keeps point-in-time recovery and deletion protection on the events table', () => {
    template.data.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'toko-events',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 35 },
      DeletionProtectionEnabled: true,
    });
  });

  it('lets a restore of the keys table bring a deleted data key back for 7 days at most, and of the views as long', () => {
    for (const name of ['keys', 'views', 'ephemeral']) {
      template.data.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: `toko-${name}`,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 7 },
      });
    }
  });

  it('lets the account erasure alone delete the versions the media bucket keeps of a file', () => {
    const policies = resources(template.api, 'AWS::IAM::Policy').map(([, r]) => JSON.stringify(r.Properties));
    const erasure = policies.filter((p) => p.includes('s3:DeleteObjectVersion'));
    expect(erasure).toHaveLength(1);
    expect(erasure[0]).toContain('s3:ListBucketVersions');
    expect(erasure[0]).toContain('AccountErasure');
  });

  it('versions the media bucket, keeping an overwritten or deleted file for 30 days', () => {
    template.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: Match.anyValue(),
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' })]),
      },
    });
  });

  it('logs access to the media bucket into an access-log bucket of its own, private, TLS-only, kept 90 days', () => {
    const accessLogs = logicalId(toko.data, toko.data.accessLogs);
    template.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: Match.anyValue(),
      LoggingConfiguration: { DestinationBucketName: { Ref: accessLogs }, LogFilePrefix: accessLogPrefixes.media },
    });
    const bucket = template.data.toJSON().Resources[accessLogs] as Resource;
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      // CloudFront's standard logs need ACLs.
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      LifecycleConfiguration: { Rules: [expect.objectContaining({ ExpirationInDays: 90 })] },
    });
    const [[, policy]] = resources(template.data, 'AWS::S3::BucketPolicy').filter(
      ([, p]) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: accessLogs }),
    );
    expect(tlsOnly(policy)).toBeDefined();
    const delivery = statements(policy).filter(
      (s) => s.Effect === 'Allow' && JSON.stringify(s.Principal) === JSON.stringify({ Service: 'logging.s3.amazonaws.com' }),
    );
    expect(delivery.map((s) => JSON.stringify(s.Resource)).sort()).toEqual(
      [accessLogPrefixes.media, accessLogPrefixes.site].map((prefix) => expect.stringContaining(`/${prefix}*`)),
    );
  });
});

describe('messaging stack', () => {
  it.each(consumers)('$name has a FIFO queue redriving to a FIFO DLQ that raises an alarm', (consumer) => {
    const [[dlqId]] = resources(template.messaging, 'AWS::SQS::Queue').filter(
      ([, r]) => r.Properties.QueueName === dlqName('toko-', consumer),
    );
    template.messaging.hasResourceProperties('AWS::SQS::Queue', { QueueName: dlqName('toko-', consumer), FifoQueue: true });
    template.messaging.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: queueName('toko-', consumer),
      FifoQueue: true,
      VisibilityTimeout: consumer.visibilityTimeoutSeconds,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: consumer.maxReceiveCount },
    });
    template.messaging.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
      AlarmActions: Match.anyValue(),
    });
  });

  it('gives every queue a DLQ, the relay-failures queue included, and alarms on every DLQ', () => {
    const queues = resources(template.messaging, 'AWS::SQS::Queue');
    const targets = new Set(
      queues.flatMap(([, q]) => {
        const redrive = q.Properties.RedrivePolicy as { deadLetterTargetArn: { 'Fn::GetAtt': [string, string] } } | undefined;
        return redrive ? [redrive.deadLetterTargetArn['Fn::GetAtt'][0]] : [];
      }),
    );
    for (const [id, queue] of queues) {
      expect(queue.Properties.RedrivePolicy !== undefined || targets.has(id), String(queue.Properties.QueueName)).toBe(true);
    }
    const [dlq, failures] = [toko.messaging.relayFailuresDlq, toko.messaging.relayFailures].map((q) => logicalId(toko.messaging, q));
    expect((template.messaging.toJSON().Resources[failures] as Resource).Properties).toMatchObject({
      QueueName: 'toko-relay-failures',
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: relayFailuresMaxReceiveCount },
    });
    const alarmed = resources(template.messaging, 'AWS::CloudWatch::Alarm').map(([, a]) => JSON.stringify(a.Properties.Dimensions));
    for (const id of targets)
      expect(alarmed).toContainEqual(JSON.stringify([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [id, 'QueueName'] } }]));
  });

  it('refuses requests without TLS on every queue and on the alarm topic', () => {
    const queuePolicies = resources(template.messaging, 'AWS::SQS::QueuePolicy');
    for (const [id] of resources(template.messaging, 'AWS::SQS::Queue')) {
      const policy = queuePolicies.find(([, p]) => JSON.stringify(p.Properties.Queues) === JSON.stringify([{ Ref: id }]));
      expect(policy && tlsOnly(policy[1]), id).toBeDefined();
    }
    const [[, topicPolicy]] = resources(template.messaging, 'AWS::SNS::TopicPolicy');
    expect(tlsOnly(topicPolicy)).toMatchObject({ Action: 'sns:Publish' });
  });
});

describe('api stack', () => {
  it('has exactly one function per bounded context, the relay, one per consumer and one per scheduled job, all nodejs22.x on ARM', () => {
    const functions = resources(template.api, 'AWS::Lambda::Function');
    expect(functions).toHaveLength(contexts.length + 1 + consumers.length + schedules.length);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
    const descriptions = functions.map(([, fn]) => fn.Properties.Description).sort();
    expect(descriptions).toEqual(
      [
        ...contexts.map((c) => `toko-http ${c}`),
        'toko-relay events stream to consumer queues',
        ...consumers.map((c) => `toko-consumer ${c.name}`),
        ...schedules.map((j) => `toko-scheduled ${j.name}: ${j.description}`),
      ].sort(),
    );
  });

  it.each(schedules)('runs the scheduled job $name at $rate through an EventBridge rule targeting its live alias', (job) => {
    const alias = { Ref: logicalId(toko.api, toko.api.liveAlias(`scheduled-${job.name}`)) };
    template.api.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: job.rate,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: alias, RetryPolicy: { MaximumRetryAttempts: 0 } })],
    });
    const invokes = resources(template.api, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'events.amazonaws.com');
    expect(invokes.map(([, p]) => p.Properties.FunctionName)).toContainEqual(alias);
  });

  it('loads the Stripe SDK from one shared layer instead of bundling it into each function, the media codecs into each function whose bundle imports one, and the page renderer only into the pre-render consumer', () => {
    const layers = resources(template.api, 'AWS::Lambda::LayerVersion');
    expect(layers).toHaveLength(3);
    const [stripeId, codecsId, rendererId] = ['stripe', 'music-metadata', 'the pre-rendered pages renderer'].map(
      (name) => layers.find(([, layer]) => (layer.Properties.Description as string).startsWith(name))![0],
    );
    for (const [, layer] of layers) expect(layer.Properties.CompatibleRuntimes).toEqual(['nodejs22.x']);
    const prerender = logicalId(toko.api, toko.api.consumerFunctions.get('prerender')!);
    const withCodecs: string[] = [];
    for (const [id, fn] of resources(template.api, 'AWS::Lambda::Function')) {
      // The app's own layers (AWS's Parameters and Secrets extension is a layer of AWS's, found by region).
      const refs = (fn.Properties.Layers as { Ref?: string }[]).flatMap((layer) => (layer.Ref ? [layer.Ref] : [])).sort();
      // The function's bundle as synthesized: an import of a codec it left out needs the layer that has it.
      const asset = (fn.Properties.Code as { S3Key: string }).S3Key.replace(/\.zip$/, '');
      const bundle = readFileSync(join(outdir, `asset.${asset}`, 'index.mjs'), 'utf8');
      const codecs = codecModules.some((name) => new RegExp(`(from|import\\()\\s*["']${name}["']`).test(bundle));
      if (codecs) withCodecs.push(id);
      const own = [...(codecs ? [codecsId] : []), ...(id === prerender ? [rendererId] : [])];
      expect(refs, id).toEqual([stripeId, ...own].sort());
    }
    const ids = (fns: NodejsFunction[]) => fns.map((fn) => logicalId(toko.api, fn)).sort();
    expect(withCodecs.sort()).toEqual(
      ids([
        toko.api.consumerFunctions.get('track-intake')!,
        toko.api.consumerFunctions.get('prerender')!,
        toko.api.httpFunctions.get('admin-catalogue')!,
        // A listener's avatar is encoded again (functions/accounts/user-avatar.ts).
        toko.api.httpFunctions.get('accounts')!,
      ]),
    );
  });

  it('lets the pre-render consumer write pages into the site bucket under pages/ only, and read the SPA’s index.html', () => {
    const fn = toko.api.consumerFunctions.get('prerender')!;
    const environment = (
      template.api.findResources('AWS::Lambda::Function')[logicalId(toko.api, fn)].Properties as {
        Environment: { Variables: Record<string, unknown> };
      }
    ).Environment.Variables;
    expect(exported(template.web, environment.SITE_BUCKET)).toEqual({ Ref: logicalId(toko.web, toko.web.siteBucket) });
    const policies = resources(template.api, 'AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.Roles).includes(logicalId(toko.api, fn.role as never)),
    );
    const site = policies.flatMap(([, p]) => statements(p)).filter((s) => JSON.stringify(s.Resource).includes('SiteBucketArn'));
    expect(site.map((s) => [s.Action, JSON.stringify(s.Resource).match(/\/(index\.html|pages\/\*)/)?.[1]])).toEqual([
      ['s3:GetObject', 'index.html'],
      [['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], 'pages/*'],
    ]);
  });

  it('lets the pre-render consumer keep the page list CloudFront reads, and make share pictures among the media bucket’s images only', () => {
    const fn = toko.api.consumerFunctions.get('prerender')!;
    const environment = (
      template.api.findResources('AWS::Lambda::Function')[logicalId(toko.api, fn)].Properties as {
        Environment: { Variables: Record<string, unknown> };
      }
    ).Environment.Variables;
    const pageListArn = { 'Fn::GetAtt': [logicalId(toko.web, toko.web.pageList), 'Arn'] };
    expect(exported(template.web, environment.PAGE_LIST_STORE)).toEqual(pageListArn);
    const granted = resources(template.api, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(logicalId(toko.api, fn.role as never)))
      .flatMap(([, p]) => statements(p));
    const onPageList = granted.filter((s) => JSON.stringify(s.Resource).includes('PageListArn'));
    expect(onPageList.map((s) => [s.Action, exported(template.web, s.Resource)])).toEqual([[pageListActions, pageListArn]]);
    const onMedia = granted.filter((s) => JSON.stringify(s.Resource).includes('MediaBucketArn'));
    expect(onMedia.map((s) => [s.Action, JSON.stringify(s.Resource).match(/\/images\/\*/)?.[0] ?? 'bucket'])).toEqual([
      ['s3:ListBucket', 'bucket'],
      [['s3:GetObject', 's3:PutObject'], '/images/*'],
    ]);
    // No other function reads or writes the page list.
    const others = resources(template.api, 'AWS::IAM::Policy').filter(
      ([, p]) => !JSON.stringify(p.Properties.Roles).includes(logicalId(toko.api, fn.role as never)),
    );
    expect(others.flatMap(([, p]) => statements(p)).filter((s) => JSON.stringify(s.Action).includes('keyvaluestore'))).toEqual([]);
  });

  it('renders every page once a deployment is in place, again when the SPA or the renderer changes, by asking the pre-render consumer', () => {
    const fn = toko.api.consumerFunctions.get('prerender')!;
    const [[, rendering], ...more] = resources(template.api, 'Custom::RenderAllPages');
    expect(more).toHaveLength(0);
    expect(rendering.Properties.ServiceToken).toEqual({ 'Fn::GetAtt': [logicalId(toko.api, fn), 'Arn'] });
    expect(rendering.Properties.ServiceTimeout).toBe('300');
    const [rendererLayer] = resources(template.api, 'AWS::Lambda::LayerVersion').find(([, layer]) =>
      (layer.Properties.Description as string).startsWith('the pre-rendered pages renderer'),
    )!;
    expect(rendering.Properties).toMatchObject({ Site: 'not built', Renderer: { Ref: rendererLayer } });
    // After the function's grants, which it needs to render, and after its live alias has moved to the new version.
    expect(rendering.DependsOn).toEqual(
      expect.arrayContaining([logicalId(toko.api, fn.role as never), logicalId(toko.api, toko.api.liveAlias('prerender'))]),
    );
  });

  it.each(routes.map((r) => ({ ...r, key: routeKey(r) })))('routes "$key" to the $context function', (route) => {
    const matching = resources(routesTemplate, 'AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === route.key);
    expect(matching).toHaveLength(1);
    const [[, routeResource]] = matching;
    expect(exported(template.web, fromApiStack(routeResource.Properties.ApiId))).toEqual({ Ref: logicalId(toko.web, toko.web.httpApi) });
    const target = routeResource.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
    const integration = routesTemplate.toJSON().Resources[target['Fn::Join'][1][1].Ref] as Resource;
    expect(fromApiStack(integration.Properties.IntegrationUri)).toEqual({
      Ref: logicalId(toko.api, toko.api.liveAlias(`http-${route.context}`)),
    });
  });

  it.each(routes.filter((r) => r.method === 'GET').map((r) => ({ ...r, key: `HEAD ${r.path}` })))(
    'answers "$key" where GET is answered, by the $context function',
    (route) => {
      const matching = resources(routesTemplate, 'AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === route.key);
      expect(matching).toHaveLength(1);
      const target = matching[0][1].Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integration = routesTemplate.toJSON().Resources[target['Fn::Join'][1][1].Ref] as Resource;
      expect(fromApiStack(integration.Properties.IntegrationUri)).toEqual({
        Ref: logicalId(toko.api, toko.api.liveAlias(`http-${route.context}`)),
      });
    },
  );

  it("lets API Gateway invoke each context function's live alias through one permission each", () => {
    // Made with the routes, in their nested stack.
    const invokes = resources(routesTemplate, 'AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com',
    );
    const invoked = invokes.map(([, p]) => (fromApiStack(p.Properties.FunctionName) as { Ref: string }).Ref);
    expect(invoked.sort()).toEqual(contexts.map((c) => logicalId(toko.api, toko.api.liveAlias(`http-${c}`))).sort());
  });

  it('reports batch item failures on every event-source mapping', () => {
    const mappings = resources(template.api, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(consumers.length + 1);
    for (const [, mapping] of mappings) expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
  });

  it('runs the relay on the events table stream from the start, bisecting and retrying failed batches', () => {
    const [[, mapping]] = resources(template.api, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify(liveFunctionName(toko.api.relay)),
    );
    expect(exported(template.data, mapping.Properties.EventSourceArn)).toEqual({
      'Fn::GetAtt': [logicalId(toko.data, toko.data.tables.events), 'StreamArn'],
    });
    expect(mapping.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: relay.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: relay.retryAttempts,
      DestinationConfig: { OnFailure: { Destination: expect.anything() } },
    });
  });

  it('lets the relay send to every consumer queue', () => {
    const relayRole = logicalId(toko.api, toko.api.relay.role!);
    const [[, policy]] = resources(template.api, 'AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties.Roles).includes(relayRole),
    );
    const send = (policy.Properties.PolicyDocument as { Statement: { Action: string[]; Resource: unknown[] }[] }).Statement.find((s) =>
      s.Action.includes('sqs:SendMessage'),
    )!;
    const targets = send.Resource.map((r) => exported(template.messaging, r));
    for (const consumer of consumers) {
      expect(targets).toContainEqual({ 'Fn::GetAtt': [logicalId(toko.messaging, toko.messaging.queues.get(consumer.name)!), 'Arn'] });
    }
  });

  it("lets the sync manager's function move dead letters: send to each queue, receive and delete on each DLQ, no other function", () => {
    const statementsOf = (fn: { role?: unknown }) =>
      resources(template.api, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(logicalId(toko.api, fn.role as never)))
        .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
    const targetsOf = (statements: { Action: string | string[]; Resource: unknown }[], action: string) =>
      statements
        .filter((s) => [s.Action].flat().includes(action))
        .flatMap((s) => [s.Resource].flat().map((r) => exported(template.messaging, r)));
    const ops = statementsOf(toko.api.httpFunctions.get('admin-ops')!);
    for (const consumer of consumers) {
      const queue = { 'Fn::GetAtt': [logicalId(toko.messaging, toko.messaging.queues.get(consumer.name)!), 'Arn'] };
      const dlq = { 'Fn::GetAtt': [logicalId(toko.messaging, toko.messaging.deadLetterQueues.get(consumer.name)!), 'Arn'] };
      expect(targetsOf(ops, 'sqs:SendMessage')).toContainEqual(queue);
      expect(targetsOf(ops, 'sqs:ReceiveMessage')).toContainEqual(dlq);
      expect(targetsOf(ops, 'sqs:DeleteMessage')).toContainEqual(dlq);
      expect(targetsOf(ops, 'sqs:ReceiveMessage')).not.toContainEqual(queue);
    }
    for (const [context, fn] of toko.api.httpFunctions)
      if (context !== 'admin-ops') expect(targetsOf(statementsOf(fn), 'sqs:ReceiveMessage'), context).toEqual([]);
  });

  it('gives each function the same actions on the counters table as on views: the two are one view store', () => {
    // Another stack's table is an import whose export name holds the table's logical id.
    const arnOf = (name: 'views' | 'counters') => logicalId(toko.data, toko.data.tables[name]);
    const actionsOn = (role: string, table: string) =>
      resources(template.api, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(role))
        .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement)
        .filter((s) => JSON.stringify(s.Resource).includes(table))
        .flatMap((s) => [s.Action].flat())
        .sort();
    const functions = [...toko.api.httpFunctions.values(), ...toko.api.consumerFunctions.values()];
    const writers = functions.filter((fn) => actionsOn(logicalId(toko.api, fn.role!), arnOf('views')).includes('dynamodb:PutItem'));
    expect(writers.map((fn) => fn.node.id)).toEqual(expect.arrayContaining([expect.stringMatching(/rollups/i)]));
    for (const fn of functions) {
      const role = logicalId(toko.api, fn.role!);
      expect(actionsOn(role, arnOf('counters')), fn.node.id).toEqual(actionsOn(role, arnOf('views')));
    }
  });

  it.each(consumers)('feeds $name from its queue in batches of $batchSize', (consumer) => {
    const fn = liveFunctionName(toko.api.consumerFunctions.get(consumer.name)!);
    const [[, mapping]] = resources(template.api, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify(fn),
    );
    expect(mapping.Properties.BatchSize).toBe(consumer.batchSize);
    expect(exported(template.messaging, mapping.Properties.EventSourceArn)).toEqual({
      'Fn::GetAtt': [logicalId(toko.messaging, toko.messaging.queues.get(consumer.name)!), 'Arn'],
    });
  });

  it.each(consumers)('runs $name from its manifest line: a projector its projection by name, a reactor its own module', (consumer) => {
    const fn = template.api.toJSON().Resources[logicalId(toko.api, toko.api.consumerFunctions.get(consumer.name)!)] as Resource;
    const variables = (fn.Properties.Environment as { Variables: Json }).Variables;
    expect(variables.PROJECTION).toBe(consumer.kind === 'projector' ? consumer.name : undefined);
    expect(variables.POWERTOOLS_SERVICE_NAME).toBe(consumer.name);
  });

  it('gives every function the same settings and no secret value: only where its own secrets are', () => {
    const environments = resources(template.api, 'AWS::Lambda::Function').map(
      ([, fn]) => (fn.Properties.Environment as { Variables: Json }).Variables,
    );
    for (const variables of environments) {
      expect(Object.keys(variables)).toEqual(
        expect.arrayContaining([
          'TABLE_EVENTS',
          'TABLE_VIEWS',
          'TABLE_COUNTERS',
          'TABLE_EPHEMERAL',
          'TABLE_KEYS',
          'MEDIA_BUCKET',
          'APP_ORIGIN',
        ]),
      );
      expect(variables.QUEUE_PREFIX).toBe('toko-');
      for (const name of secretNames) expect(variables).not.toHaveProperty(name);
      expect(JSON.stringify(variables)).not.toContain('{{resolve:secretsmanager:');
    }
  });

  it.each([
    ...Object.entries(httpSecrets).map(([context, names]) => ({ fn: `http ${context}`, names })),
    ...consumers.map((consumer) => ({ fn: `consumer ${consumer.name}`, names: consumerSecrets(consumer.name) })),
  ])('grants $fn read on its own secrets alone, and tells it where they are', ({ fn, names }) => {
    const [kind, name] = fn.split(' ');
    const built = kind === 'http' ? toko.api.httpFunctions.get(name)! : toko.api.consumerFunctions.get(name)!;
    expect(sourcesOf(built)).toEqual(
      Object.fromEntries(names.map((secret) => [secret, expect.objectContaining({ id: expect.anything() })])),
    );
    expect(readableSecrets(built)).toEqual(new Set(names.map((secret) => secretLogicalId(secret))));
  });

  it('keeps the second factor’s key from every listener route’s function, and gives it to the admins’ and the sign-in’s', () => {
    const listenerContexts = new Set(
      routes.filter((route) => route.auth === 'guest' || route.auth === 'user').map((route) => route.context),
    );
    const secondFactor = secretLogicalId('SECOND_FACTOR_SECRET');
    for (const context of listenerContexts) {
      const holds = readableSecrets(toko.api.httpFunctions.get(context)!).has(secondFactor);
      expect({ context, holds }).toEqual({ context, holds: context === 'accounts' });
    }
    for (const context of ['admin-people', 'admin-ops', 'admin-sales']) {
      expect(readableSecrets(toko.api.httpFunctions.get(context)!)).toContain(secondFactor);
    }
    expect(readableSecrets(toko.api.relay)).toEqual(new Set());
  });

  it('runs every function with the Parameters and Secrets extension, keeping a value as long as the functions do', () => {
    for (const [, fn] of resources(template.api, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment as { Variables: Json }).Variables;
      expect(variables.SECRETS_MANAGER_TTL).toBe(String(SECRETS_TTL_MS / 1000));
      const extension = (fn.Properties.Layers as { 'Fn::FindInMap'?: [string, unknown, string] }[]).find((layer) => layer['Fn::FindInMap']);
      const [map, , key] = extension!['Fn::FindInMap']!;
      const layerArns = template.api.toJSON().Mappings as Record<string, Record<string, Record<string, string>>>;
      expect(layerArns[map]['eu-west-1'][key]).toContain(':layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:');
    }
  });

  it('runs the $default stage with JSON access logs, throttling sign-in, checkout and track-play per route', () => {
    const [[, stage]] = resources(template.api, 'AWS::ApiGatewayV2::Stage');
    expect(exported(template.web, stage.Properties.ApiId)).toEqual({ Ref: logicalId(toko.web, toko.web.httpApi) });
    expect(stage.Properties).toMatchObject({ StageName: '$default', AutoDeploy: true });
    const logs = stage.Properties.AccessLogSettings as { DestinationArn: { 'Fn::GetAtt': [string, string] }; Format: string };
    expect(template.api.toJSON().Resources[logs.DestinationArn['Fn::GetAtt'][0]]).toMatchObject({ Type: 'AWS::Logs::LogGroup' });
    expect(JSON.parse(logs.Format)).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
    });
    expect(Object.keys(routeThrottles)).toEqual(
      expect.arrayContaining(['POST /api/track-play', 'POST /api/auth/login', 'POST /api/auth/smart-signin', 'POST /api/cart/checkout']),
    );
    expect(stage.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        Object.entries(routeThrottles).map(([key, limits]) => [
          key,
          { ThrottlingRateLimit: limits.rateLimit, ThrottlingBurstLimit: limits.burstLimit },
        ]),
      ),
    );
    // Created after the routes it configures, which are in the routes' nested stack.
    const routeIds = resources(routesTemplate, 'AWS::ApiGatewayV2::Route')
      .filter(([, r]) => Object.keys(routeThrottles).includes(r.Properties.RouteKey as string))
      .map(([id]) => id);
    expect(routeIds).toHaveLength(Object.keys(routeThrottles).length);
    const [[nestedRoutes]] = resources(template.api, 'AWS::CloudFormation::Stack');
    expect(stage.DependsOn).toEqual(expect.arrayContaining([nestedRoutes]));
    template.web.resourceCountIs('AWS::ApiGatewayV2::Stage', 0);
  });

  it('gives every function a role of its own that writes only its own log group, with no managed policy', () => {
    const functions = resources(template.api, 'AWS::Lambda::Function');
    for (const [, fn] of functions) {
      const role = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect((template.api.toJSON().Resources[role] as Resource).Properties.ManagedPolicyArns).toBeUndefined();
      const logGroup = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logStatements = resources(template.api, 'AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]))
        .flatMap(([, p]) => statements(p))
        .filter((s) => [s.Action].flat().some((action) => action.startsWith('logs:')));
      expect(logStatements).toEqual([
        expect.objectContaining({ Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: { 'Fn::GetAtt': [logGroup, 'Arn'] } }),
      ]);
    }
  });

  it("grants tables by their indexes' names and the media bucket by exact actions, no wildcard but its objects", () => {
    const granted = resources(template.api, 'AWS::IAM::Policy').flatMap(([, p]) => statements(p));
    const json = JSON.stringify(granted);
    expect(json).not.toContain('/index/*');
    expect(json).toContain('/index/gsi1');
    for (const statement of granted) {
      for (const action of [statement.Action].flat()) expect(action, action).not.toContain('*');
    }
    const accounts = logicalId(toko.api, toko.api.httpFunctions.get('accounts')!.role!);
    const bucket = { 'Fn::ImportValue': 'toko-data:MediaBucketArn' };
    const onMedia = resources(template.api, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: accounts }]))
      .flatMap(([, p]) => statements(p))
      .filter((s) => JSON.stringify(s.Resource).includes(JSON.stringify(bucket)))
      .map((s) => ({ actions: [s.Action].flat().sort(), resource: s.Resource }));
    expect(onMedia).toEqual(
      expect.arrayContaining([
        { actions: ['s3:ListBucket'], resource: bucket },
        {
          actions: [
            's3:AbortMultipartUpload',
            's3:DeleteObject',
            's3:GetObject',
            's3:GetObjectTagging',
            's3:PutObject',
            's3:PutObjectTagging',
          ],
          resource: { 'Fn::Join': ['', [bucket, '/*']] },
        },
      ]),
    );
    expect(onMedia).toHaveLength(2);
  });
});

describe('web stack', () => {
  const behaviour = (pathPattern: string) => {
    const config = resources(template.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig as {
      CacheBehaviors: Json[];
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
    };
    const found = config.CacheBehaviors.find((b) => b.PathPattern === pathPattern);
    if (!found) throw new Error(`No behaviour for ${pathPattern}`);
    return { behaviour: found, origin: config.Origins.find((o) => o.Id === found.TargetOriginId)! };
  };

  it('routes /api/* to the HTTP API, uncached, every method, everything but Host forwarded', () => {
    const { behaviour: api, origin } = behaviour('/api/*');
    expect(origin.DomainName).toEqual({
      'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [logicalId(toko.web, toko.web.httpApi), 'ApiEndpoint'] }] }],
    });
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
  });

  it('adds the origin secret to every API request, from Secrets Manager, as the functions check it', () => {
    const { origin } = behaviour('/api/*') as { origin: { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] } };
    const [header] = origin.OriginCustomHeaders ?? [];
    expect(header.HeaderName).toBe('x-toko-origin');
    expect(JSON.stringify(header.HeaderValue)).toContain('{{resolve:secretsmanager:');
    const [[originSecretId]] = resources(template.data, 'AWS::SecretsManager::Secret').filter(
      ([, r]) => r.Properties.Name === 'toko-origin-secret',
    );
    expect(JSON.stringify(header.HeaderValue)).toContain(originSecretId);
    for (const fn of toko.api.httpFunctions.values()) expect(readableSecrets(fn)).toContain(originSecretId);
  });

  it.each(edgeCachedRoutes.map((r) => r.slice('GET '.length)))(
    "keeps %s at the edge for the capacity model's seconds, before /api/*, one answer for every caller",
    (path) => {
      const config = resources(template.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig as {
        CacheBehaviors: { PathPattern: string }[];
      };
      const order = config.CacheBehaviors.map((b) => b.PathPattern);
      expect(order.indexOf(path)).toBeLessThan(order.indexOf('/api/*'));
      const { behaviour: cached, origin } = behaviour(path);
      expect(origin.DomainName).toEqual(behaviour('/api/*').origin.DomainName);
      expect(cached.AllowedMethods).toEqual(['GET', 'HEAD']);
      expect(cached.OriginRequestPolicyId).toBeUndefined();
      const [[, policy]] = resources(template.web, 'AWS::CloudFront::CachePolicy').filter(
        ([id]) => id === (cached.CachePolicyId as { Ref: string }).Ref,
      );
      const policyConfig = policy.Properties.CachePolicyConfig as Json;
      expect(policyConfig).toMatchObject({ MinTTL: EDGE_CACHE_SECONDS, DefaultTTL: EDGE_CACHE_SECONDS, MaxTTL: EDGE_CACHE_SECONDS });
      expect(policyConfig.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
      });
    },
  );

  it.each(['/media/*', '/uploads/*'])('serves %s from the media bucket through origin access control', (path) => {
    const { origin } = behaviour(path);
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(JSON.stringify(exported(template.data, origin.DomainName as Json))).toContain(logicalId(toko.data, toko.data.mediaBucket));
  });

  it('lets only this distribution read the media bucket', () => {
    template.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('never serves a private prefix (downloads, masters, gated audio) as public media', () => {
    const [[, fn]] = resources(template.web, 'AWS::CloudFront::Function').filter(([, f]) =>
      String((f.Properties.FunctionConfig as Json).Comment).endsWith('MediaPath'),
    );
    // The function's code runs in a context of its own, as in CloudFront's runtime.
    const handler = runInNewContext(`${fn.Properties.FunctionCode as string}; handler;`) as (event: unknown) => {
      uri?: string;
      statusCode?: number;
    };
    const viewer = (uri: string) => handler({ request: { uri } });
    expect(viewer('/media/audio/album-first-light/track-first-light-01.mp3')).toMatchObject({
      uri: '/audio/album-first-light/track-first-light-01.mp3',
    });
    for (const path of [
      '/media/audio/private/album-night-garden/track-night-garden-01.mp3',
      '/media/%61udio/private/album-night-garden/track-night-garden-01.mp3',
      '/media//audio/private/x.mp3',
      '/media/downloads/album-after-hours/After%20Hours.zip',
      '/media/masters/album-after-hours/track.wav',
      '/media/%E0%A4%A',
    ]) {
      expect(viewer(path)).toMatchObject({ statusCode: 404 });
    }
    // Behind the function, the media bucket refuses CloudFront every private prefix.
    const mediaArn = { 'Fn::GetAtt': [logicalId(toko.data, toko.data.mediaBucket), 'Arn'] };
    const denied = resources(template.web, 'AWS::S3::BucketPolicy')
      .flatMap(
        ([, policy]) =>
          (policy.Properties.PolicyDocument as { Statement: { Effect: string; Principal?: Json; Action: unknown; Resource: unknown }[] })
            .Statement,
      )
      .find(
        (statement) =>
          statement.Effect === 'Deny' && JSON.stringify(statement.Principal) === JSON.stringify({ Service: 'cloudfront.amazonaws.com' }),
      );
    expect(denied?.Action).toBe('s3:GetObject');
    const objects = (denied!.Resource as { 'Fn::Join': [string, [unknown, string]] }[]).map(({ 'Fn::Join': [, [bucket, suffix]] }) => ({
      bucket: exported(template.data, bucket),
      suffix,
    }));
    expect(objects).toEqual(
      expect.arrayContaining(['/downloads/*', '/masters/*', '/audio/private/*'].map((suffix) => ({ bucket: mediaArn, suffix }))),
    );
  });

  it('logs the site bucket and CloudFront into the access-log bucket, each under its prefix', () => {
    const accessLogs = logicalId(toko.data, toko.data.accessLogs);
    const [[, site]] = resources(template.web, 'AWS::S3::Bucket');
    const logging = site.Properties.LoggingConfiguration as { DestinationBucketName: unknown; LogFilePrefix: string };
    expect(exported(template.data, logging.DestinationBucketName)).toEqual({ Ref: accessLogs });
    expect(logging.LogFilePrefix).toBe(accessLogPrefixes.site);
    const config = resources(template.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig as {
      Logging: { Bucket: unknown; Prefix: string };
    };
    expect(exported(template.data, config.Logging.Bucket)).toEqual({ 'Fn::GetAtt': [accessLogs, 'RegionalDomainName'] });
    expect(config.Logging.Prefix).toBe(accessLogPrefixes.cloudfront);
  });

  it('refuses requests without TLS on the site bucket and on the media bucket, whose one policy is written here', () => {
    const policies = resources(template.web, 'AWS::S3::BucketPolicy');
    expect(policies).toHaveLength(2);
    for (const [id, policy] of policies) expect(tlsOnly(policy), id).toBeDefined();
  });

  it('falls back to index.html for SPA routes without hiding API or media 404s', () => {
    const config = resources(template.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig as Json;
    expect(config.CustomErrorResponses).toBeUndefined();
    template.web.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp('/index.html') });
  });

  /** The SitePages function's handler, run with a page list of `listed` (path → URI) as CloudFront's runtime gives it. */
  function sitePages(listed: Record<string, string>) {
    const kvs = {
      get: (key: string) => (key in listed ? Promise.resolve(listed[key]) : Promise.reject(new Error('KeyNotFound'))),
    };
    const code = sitePagesCode.replace("import cf from 'cloudfront';", '');
    const handler = runInNewContext(`${code}; handler;`, { cf: { kvs: () => kvs } }) as (event: unknown) => Promise<{ uri: string }>;
    return async (uri: string) => (await handler({ request: { uri } })).uri;
  }

  it('answers the home, album and artist pages with their pre-rendered HTML when listed, else with the SPA', async () => {
    const viewer = sitePages({ '/': '/pages/index.html', '/album/a-1': '/pages/album/a-1.html', '/artist/b': '/pages/artist/b.html' });
    expect(await viewer('/')).toBe('/pages/index.html');
    expect(await viewer('/album/a-1')).toBe('/pages/album/a-1.html');
    expect(await viewer('/album/a-1/')).toBe('/pages/album/a-1.html');
    expect(await viewer('/artist/b')).toBe('/pages/artist/b.html');
    // An unpublished album has no page; other routes are the SPA's; files stay files.
    expect(await viewer('/album/unpublished')).toBe('/index.html');
    expect(await viewer('/library')).toBe('/index.html');
    expect(await viewer('/album/a-1/tracks')).toBe('/index.html');
    expect(await viewer('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(await sitePages({})('/')).toBe('/index.html');
  });

  it('serves /album/* and /artist/* from the site bucket through the page list, a minute at most at the edge, with the security headers', () => {
    const config = resources(template.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig as {
      DefaultCacheBehavior: Json;
      CacheBehaviors: Json[];
    };
    const [[sitePagesId, fn]] = resources(template.web, 'AWS::CloudFront::Function').filter(([, f]) =>
      String((f.Properties.FunctionConfig as Json).Comment).endsWith('SitePages'),
    );
    expect(fn.Properties.FunctionConfig).toMatchObject({
      Runtime: 'cloudfront-js-2.0',
      KeyValueStoreAssociations: [{ KeyValueStoreARN: { 'Fn::GetAtt': [logicalId(toko.web, toko.web.pageList), 'Arn'] } }],
    });
    const associations = [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [sitePagesId, 'FunctionARN'] } }];
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual(associations);
    for (const path of ['/album/*', '/artist/*']) {
      const { behaviour: pages, origin } = behaviour(path);
      expect(origin.Id).toBe(config.DefaultCacheBehavior.TargetOriginId);
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(pages.FunctionAssociations).toEqual(associations);
      expect(pages.ResponseHeadersPolicyId).toEqual(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
      expect(pages.AllowedMethods).toEqual(['GET', 'HEAD']);
      const [[, policy]] = resources(template.web, 'AWS::CloudFront::CachePolicy').filter(
        ([id]) => id === (pages.CachePolicyId as { Ref: string }).Ref,
      );
      expect(policy.Properties.CachePolicyConfig).toMatchObject({ MinTTL: 0, DefaultTTL: PAGE_FRESH_SECONDS, MaxTTL: PAGE_FRESH_SECONDS });
    }
  });

  it('deploys no SPA when frontend/dist has not been built', () => {
    template.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('mail stack', () => {
  it('verifies the brand domain in SES', () => {
    template.mail.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'toko.example' });
  });
});

describe('observability stack', () => {
  type AlarmProps = {
    AlarmName: string;
    Threshold: number;
    MetricName?: string;
    Namespace?: string;
    Dimensions?: { Name: string; Value: unknown }[];
    Metrics?: { Id: string; Expression?: string }[];
    AlarmActions: unknown[];
  };
  const alarms = () =>
    new Map(
      resources(template.observability, 'AWS::CloudWatch::Alarm').map(([, r]) => [
        (r.Properties as AlarmProps).AlarmName,
        r.Properties as AlarmProps,
      ]),
    );

  it('alarms, to the alarm topic, when a consumer’s oldest message waits past the sync manager’s lagging threshold', () => {
    for (const consumer of consumers) {
      const alarm = alarms().get(`toko-${consumer.name}-oldest-message`);
      expect(alarm, consumer.name).toMatchObject({
        MetricName: 'ApproximateAgeOfOldestMessage',
        Threshold: healthThresholds.laggingOldestAgeSeconds,
      });
      expect(alarm!.AlarmActions).toHaveLength(1);
    }
  });

  it('alarms on every function’s errors and throttles', () => {
    const functions = [...toko.api.httpFunctions.keys()].length + toko.api.consumerFunctions.size + toko.api.scheduledFunctions.size + 1;
    const all = [...alarms().values()];
    expect(all.filter((a) => a.MetricName === 'Errors' && a.Threshold === 0)).toHaveLength(functions);
    expect(all.filter((a) => a.MetricName === 'Throttles' && a.Threshold === 0)).toHaveLength(functions);
    expect(alarms().get('toko-relay-errors')).toBeDefined();
  });

  it('alarms on the API’s 5xx share and on webhook failures counted by the app', () => {
    const api = alarms().get('toko-api-5xx')!;
    expect(api.Threshold).toBe(API_5XX_PERCENT);
    expect(api.Metrics?.find((m) => m.Expression)?.Expression).toBe(`IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`);
    expect(alarms().get('toko-webhook-failures')).toMatchObject({
      Namespace: 'Toko',
      MetricName: 'WebhookFailures',
      Threshold: WEBHOOK_FAILURES,
      Dimensions: [{ Name: 'service', Value: 'toko' }],
    });
  });

  it('alarms when over a tenth of the play reports in five minutes are refused, every reason counted', () => {
    const alarm = alarms().get('toko-plays-refused')!;
    expect(alarm.Threshold).toBe(PLAYS_REFUSED_PERCENT);
    expect(alarm.AlarmActions).toHaveLength(1);
    const queries = alarm.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: string }[] } };
    }[];
    expect(queries.find((q) => q.Expression?.startsWith('IF('))?.Expression).toBe(
      `IF(refused + recorded >= ${PLAYS_REFUSED_MIN_REPORTS}, 100 * refused / (refused + recorded), 0)`,
    );
    const reasons = queries
      .filter((q) => q.MetricStat?.Metric.MetricName === 'PlaysRefused')
      .map((q) => q.MetricStat!.Metric.Dimensions.find((d) => d.Name === 'reason')?.Value);
    expect(reasons.sort()).toEqual([...playRefusalReasons].sort());
    expect(queries.some((q) => q.MetricStat?.Metric.MetricName === 'PlaysRecorded')).toBe(true);
  });

  it('draws one dashboard of the API, the app’s own figures, the consumers and the functions', () => {
    const [[, dashboard]] = resources(template.observability, 'AWS::CloudWatch::Dashboard');
    expect(dashboard.Properties.DashboardName).toBe('toko-operations');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const metric of [
      'PlaysRecorded',
      'PlaysRefused',
      'Suspicious plays',
      'Purchases',
      'SignIns',
      'WebhookFailures',
      'ConsumerLag',
      'ApproximateAgeOfOldestMessage',
      '5xx',
      'Throttles',
    ])
      expect(body, metric).toContain(metric);
  });
});
