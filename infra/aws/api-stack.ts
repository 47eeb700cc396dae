/**
 * Compute, built from the manifests: one function per bounded context of functions/routes.ts with
 * its routes on the HttpApi and the API's stage (access logs, per-route throttling), the stream relay, one function
 * per consumer of functions/consumers.ts, and one function per job of functions/schedules.ts with the EventBridge
 * rule that runs it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CustomResource, Duration, Fn, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  CfnStage,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IDomainName,
  type IHttpApi,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { StartingPosition, type Alias } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { consumers as consumerManifest, relay, type ConsumerSpec } from '../../functions/consumers.js';
import { HTTP_FUNCTION_TIMEOUT_SECONDS, routeKey, routes as routeManifest, type Context, type RouteSpec } from '../../functions/routes.js';
import { schedules as scheduleManifest, type ScheduleSpec } from '../../functions/schedules.js';
import { consumerSecrets, httpSecrets, relaySecrets, scheduledSecrets } from '../../functions/secrets.js';
import { consumerAccess, grantAccess, grantPages, httpAccess, scheduledAccess, type Resources } from './access.js';
import { alarmNames, functionAlarmName } from './alarm-names.js';
import { acknowledge } from './checks.js';
import { pascal, type TokoConfig } from './config.js';
import type { Entries } from './entries.js';
import { functionEnvironment, grantSecrets, type SharedEnvironment } from './environment.js';
import { bundleFunctions, pageRendererLayer, tokoFunction } from './lambda.js';
import { Releases, releasePace } from './releases.js';
import { routeThrottles } from './throttling.js';

/**
 * The contexts whose handlers make pictures (the label's artwork and artist images, a listener's avatar): they load the
 * media codecs' layer.
 */
const codecContexts: ReadonlySet<Context> = new Set(['admin-catalogue', 'accounts']);

/** Why a route has no API Gateway authorizer: the app's own session decides, per route, from the manifest. */
const authorization = (route: RouteSpec) =>
  route.auth === 'guest'
    ? `${routeKey(route)} is open to guests by design (auth "guest" in functions/routes.ts): a public read, a sign-in ` +
      'step, or a webhook that proves itself by its signature.'
    : `${routeKey(route)} needs a${route.auth.startsWith('admin') ? 'n admin' : ' signed-in'} session: the handler checks the ` +
      `app's session cookie against the route's auth level ("${route.auth}" in functions/routes.ts) before anything ` +
      'else (functions/platform/http.ts), which an API Gateway authorizer could only duplicate.';

/** One JSON line per request; no query strings (sign-in links carry tokens there) and no bodies. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    routeKey: '$context.routeKey',
    path: '$context.path',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

export interface ApiStackProps extends StackProps {
  config: TokoConfig;
  entries: Entries;
  /** Where the routes go; none in the LocalStack variant (config.target). */
  httpApi?: IHttpApi;
  /** The API's own domain (WebStack.apiDomainName): its stage is mapped there. */
  apiDomainName?: IDomainName;
  environment: SharedEnvironment;
  resources: Resources;
  /** The events table, whose stream feeds the relay. */
  eventsTable: ITable;
  relayFailures: IQueue;
  routes?: readonly RouteSpec[];
  consumers?: readonly ConsumerSpec[];
  schedules?: readonly ScheduleSpec[];
}

export class ApiStack extends Stack {
  /** By bounded context. */
  readonly httpFunctions = new Map<string, NodejsFunction>();
  /** By consumer name. */
  readonly consumerFunctions = new Map<string, NodejsFunction>();
  /** By scheduled job name. */
  readonly scheduledFunctions = new Map<string, NodejsFunction>();
  readonly relay: NodejsFunction;
  /** The HttpApi's routes and their integrations. */
  readonly routes?: NestedStack;
  /** Each function's live alias and deployment group (releases.ts). */
  readonly releases: Releases;

  /** Every function by the name its alarms carry (alarm-names.ts): what the observability stack watches. */
  observedFunctions(): Map<string, NodejsFunction> {
    return new Map([
      ...[...this.httpFunctions].map(([context, fn]) => [functionAlarmName.http(context), fn] as const),
      ...[...this.consumerFunctions].map(([name, fn]) => [functionAlarmName.consumer(name), fn] as const),
      ...[...this.scheduledFunctions].map(([job, fn]) => [functionAlarmName.scheduled(job), fn] as const),
      [functionAlarmName.relay, this.relay],
    ]);
  }
  /** The HttpApi's `$default` stage: here, not with the HttpApi, because its route settings need the routes to exist. */
  readonly stage?: HttpStage;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, entries, resources } = props;
    const routes = props.routes ?? routeManifest;
    const consumers = props.consumers ?? consumerManifest;
    const { prefix } = config;
    // LocalStack's free edition runs no layers (localstack.ts).
    const layers = config.target === 'aws';
    this.releases = new Releases(this, 'Releases', { prefix, gradual: config.target === 'aws' });
    const httpContexts = [...new Set(routes.map((route) => route.context))];
    const jobs = props.schedules ?? scheduleManifest;
    bundleFunctions(
      this,
      [
        ...httpContexts.map((context) => entries.http(context)),
        entries.relay(),
        ...consumers.map((consumer) => entries.consumer(consumer)),
        ...jobs.map((job) => entries.scheduled(job.name)),
      ],
      layers,
    );

    for (const context of httpContexts) {
      const fn = tokoFunction(this, `${pascal(context)}Http`, {
        entry: entries.http(context),
        description: `${config.prefix}http ${context}`,
        environment: functionEnvironment(props.environment, `http-${context}`, httpSecrets[context]),
        memorySize: 1024,
        timeout: Duration.seconds(HTTP_FUNCTION_TIMEOUT_SECONDS),
        codecs: codecContexts.has(context),
        layers,
      });
      grantAccess(fn, httpAccess(context), resources);
      grantSecrets(fn, httpSecrets[context], props.environment.secrets);
      this.httpFunctions.set(context, fn);
      const name = functionAlarmName.http(context);
      // Any 5xx share counts, not only this function's: a release that breaks the API rolls back, whichever answers fail.
      this.releases.live(fn, name, releasePace('http'), [alarmNames.functionErrors(prefix, name), alarmNames.api5xx(prefix)]);
    }

    // Without an HTTP API (LocalStack's free edition has none), the functions are deployed and invoked directly.
    const httpApi = props.httpApi;
    if (httpApi) {
      // One invoke permission per function (not per route): a context with many routes would
      // otherwise outgrow Lambda's 20 KB resource-policy limit.
      const integrations = new Map(
        [...this.httpFunctions.keys()].map((context) => [
          context,
          new HttpLambdaIntegration(`${pascal(context)}Integration`, this.liveAlias(functionAlarmName.http(context)), {
            scopePermissionToRoute: false,
          }),
        ]),
      );
      // The routes (a GET and its HEAD twin each) in a stack of their own, nested in this one: with every function's
      // version, alias and deployment group, this stack would pass CloudFormation's 500 resources.
      const nested = new NestedStack(this, 'Routes', { description: 'Toko: the HTTP API routes of functions/routes.ts' });
      const httpRoutes = new Map<string, HttpRoute>();
      for (const route of routes) {
        const integration = integrations.get(route.context);
        if (!integration) throw new Error(`No function for context "${route.context}"`);
        const httpRoute = new HttpRoute(nested, `Route ${routeKey(route)}`, {
          httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration,
        });
        acknowledge(httpRoute, 'APIG4', authorization(route));
        httpRoutes.set(routeKey(route), httpRoute);
        // HEAD is answered wherever GET is: API Gateway routes each method on its own, so each GET route has a HEAD twin
        // on the same function, which answers it as the GET (functions/platform/http.ts); the edge sends no body.
        if (route.method === 'GET') {
          const headRoute = new HttpRoute(nested, `Route HEAD ${route.path}`, {
            httpApi,
            routeKey: HttpRouteKey.with(route.path, HttpMethod.HEAD),
            integration,
          });
          acknowledge(headRoute, 'APIG4', authorization(route));
        }
      }

      const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const stage = new HttpStage(this, 'DefaultStage', {
        httpApi,
        stageName: '$default',
        autoDeploy: true,
        accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
      });
      if (props.apiDomainName) new ApiMapping(this, 'ApiMapping', { api: httpApi, domainName: props.apiDomainName, stage });
      const throttled = Object.entries(routeThrottles).filter(([key]) => httpRoutes.has(key));
      (stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
        throttled.map(([key, limits]) => [key, { ThrottlingRateLimit: limits.rateLimit, ThrottlingBurstLimit: limits.burstLimit }]),
      );
      // API Gateway refuses settings for a route it does not have yet.
      for (const [key] of throttled) stage.node.addDependency(httpRoutes.get(key)!);
      this.routes = nested;
      this.stage = stage;
    }

    this.relay = tokoFunction(this, pascal(relay.name), {
      entry: entries.relay(),
      description: `${config.prefix}${relay.name} events stream to consumer queues`,
      environment: functionEnvironment(props.environment, relay.name, relaySecrets),
      memorySize: 512,
      timeout: Duration.seconds(30),
      layers,
    });
    const relayAlias = this.releases.live(this.relay, functionAlarmName.relay, releasePace('relay'), [
      alarmNames.functionErrors(prefix, functionAlarmName.relay),
      alarmNames.relayFailures(prefix),
    ]);
    relayAlias.addEventSource(
      new DynamoEventSource(props.eventsTable, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: relay.batchSize,
        maxBatchingWindow: Duration.seconds(0),
        retryAttempts: relay.retryAttempts,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(props.relayFailures),
      }),
    );
    acknowledge(
      this.relay.role!,
      'IAM5[Resource::*]',
      'dynamodb:ListStreams, which the stream event source needs, has no resource-level permissions; every other stream ' +
        'action is granted on the events table stream alone.',
    );
    for (const queue of resources.queues.values()) queue.grantSendMessages(this.relay);

    for (const consumer of consumers) {
      const queue = resources.queues.get(consumer.name);
      if (!queue) throw new Error(`No queue for consumer "${consumer.name}"`);
      const fn = tokoFunction(this, `${pascal(consumer.name)}Consumer`, {
        entry: entries.consumer(consumer),
        description: `${config.prefix}consumer ${consumer.name}`,
        environment: {
          ...functionEnvironment(props.environment, consumer.name, consumerSecrets(consumer.name)),
          ...(consumer.kind === 'projector' ? { PROJECTION: consumer.name } : {}),
          ...(consumer.renderer && resources.pageListArnExport ? { PAGE_LIST_STORE: Fn.importValue(resources.pageListArnExport) } : {}),
        },
        // A codec consumer encodes audio, the renderer renders pages and encodes share pictures: 1769 MB is one whole vCPU.
        memorySize: consumer.codecs || consumer.renderer ? 1769 : 512,
        codecs: consumer.codecs,
        renderer: consumer.renderer,
        layers,
        // Lambda requires the queue's visibility timeout to be at least the function's timeout.
        timeout: Duration.seconds(Math.max(1, Math.floor(consumer.visibilityTimeoutSeconds / 3))),
      });
      const name = functionAlarmName.consumer(consumer.name);
      const alias = this.releases.live(fn, name, releasePace(consumer.kind, consumer.name), [
        alarmNames.functionErrors(prefix, name),
        alarmNames.deadLetters(prefix, consumer.name),
        alarmNames.oldestMessage(prefix, consumer.name),
      ]);
      alias.addEventSource(
        new SqsEventSource(queue, {
          batchSize: consumer.batchSize,
          reportBatchItemFailures: true,
        }),
      );
      grantAccess(fn, consumerAccess(consumer.name), resources);
      grantSecrets(fn, consumerSecrets(consumer.name), props.environment.secrets);
      if (consumer.renderer) {
        grantPages(fn, resources);
        renderEveryPageOnDeployment(this, fn, alias, config.spaDir);
      }
      this.consumerFunctions.set(consumer.name, fn);
    }

    for (const job of jobs) {
      const fn = tokoFunction(this, `${pascal(job.name)}Scheduled`, {
        entry: entries.scheduled(job.name),
        description: `${config.prefix}scheduled ${job.name}: ${job.description}`,
        environment: functionEnvironment(props.environment, job.name, scheduledSecrets(job.name)),
        memorySize: 512,
        timeout: Duration.seconds(50),
        layers,
      });
      grantAccess(fn, scheduledAccess(job.name), resources);
      grantSecrets(fn, scheduledSecrets(job.name), props.environment.secrets);
      const name = functionAlarmName.scheduled(job.name);
      const alias = this.releases.live(fn, name, releasePace('scheduled'), [alarmNames.functionErrors(prefix, name)]);
      new Rule(this, `${pascal(job.name)}Schedule`, {
        description: `${config.prefix}${job.name} ${job.rate}`,
        schedule: Schedule.expression(job.rate),
        // A missed run is not retried: the next one, a minute later, finds the same due releases.
        targets: [new LambdaFunction(alias, { retryAttempts: 0 })],
      });
      this.scheduledFunctions.set(job.name, fn);
    }
  }

  /** The live alias of the function named `name` in the alarms (functionAlarmName). */
  liveAlias(name: string): Alias {
    const alias = this.releases.aliases.get(name);
    if (!alias) throw new Error(`No live alias for function "${name}"`);
    return alias;
  }
}

/**
 * Every page rendered again once a deployment is in place (this stack follows the web stack, whose deployment puts the
 * SPA's index.html, the pages' template, in the site bucket): CloudFormation asks the renderer's function itself
 * (functions/catalogue/consumers/prerender.ts), with no provider function between. It asks at creation and whenever the SPA's
 * build (its index.html names every hashed file) or the renderer (its layer, hashed by its output) changes: every
 * deployment that changes what a page looks like. A failed render fails the deployment. A render that outlasts the
 * function's timeout (a first deployment, making every artwork's share picture) is tried again by Lambda's own retries
 * of an asynchronous invocation, keeping the pictures already stored, within the five minutes CloudFormation waits.
 */
function renderEveryPageOnDeployment(stack: Stack, fn: NodejsFunction, alias: Alias, spaDir: string) {
  const template = join(spaDir, 'index.html');
  const rendering = new CustomResource(stack, 'RenderAllPages', {
    serviceToken: fn.functionArn,
    resourceType: 'Custom::RenderAllPages',
    serviceTimeout: Duration.minutes(5),
    properties: {
      Site: existsSync(template) ? createHash('sha256').update(readFileSync(template)).digest('hex') : 'not built',
      Renderer: pageRendererLayer(stack).layerVersionArn,
    },
  });
  // Its grants too (the site bucket, the page list), which are resources of their own.
  if (fn.role) rendering.node.addDependency(fn.role);
  // And after the function's live alias has moved to the new version: the queue's renders until then are the old
  // version's, and a page one of them wrote after the full render would keep the old look.
  rendering.node.addDependency(alias);
}
