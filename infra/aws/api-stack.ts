/**
 * Compute, built from the manifests: one function per bounded context of functions/routes.ts with
 * its routes on the HttpApi, the stream relay, one function per consumer of functions/consumers.ts, and one function
 * per job of functions/schedules.ts with the EventBridge rule that runs it.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { consumers as consumerManifest, relay, type ConsumerSpec } from '../../functions/consumers.js';
import { routeKey, routes as routeManifest, type RouteSpec } from '../../functions/routes.js';
import { schedules as scheduleManifest, type ScheduleSpec } from '../../functions/schedules.js';
import { consumerAccess, grantAccess, httpAccess, scheduledAccess, type Resources } from './access.js';
import { pascal, type TokoConfig } from './config.js';
import type { Entries } from './entries.js';
import { functionEnvironment, type SharedEnvironment } from './environment.js';
import { tokoFunction } from './lambda.js';

export interface ApiStackProps extends StackProps {
  config: TokoConfig;
  entries: Entries;
  httpApi: IHttpApi;
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

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, entries, resources } = props;
    const routes = props.routes ?? routeManifest;
    const consumers = props.consumers ?? consumerManifest;

    for (const context of new Set(routes.map((route) => route.context))) {
      const fn = tokoFunction(this, `${pascal(context)}Http`, {
        entry: entries.http(context),
        description: `${config.prefix}http ${context}`,
        environment: functionEnvironment(props.environment, `http-${context}`),
        memorySize: 1024,
        timeout: Duration.seconds(10),
      });
      grantAccess(fn, httpAccess(context), resources);
      this.httpFunctions.set(context, fn);
    }

    // One invoke permission per function (not per route): a context with many routes would
    // otherwise outgrow Lambda's 20 KB resource-policy limit.
    const integrations = new Map(
      [...this.httpFunctions].map(([context, fn]) => [
        context,
        new HttpLambdaIntegration(`${pascal(context)}Integration`, fn, { scopePermissionToRoute: false }),
      ]),
    );
    for (const route of routes) {
      const integration = integrations.get(route.context);
      if (!integration) throw new Error(`No function for context "${route.context}"`);
      new HttpRoute(this, `Route ${routeKey(route)}`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
      });
    }

    this.relay = tokoFunction(this, pascal(relay.name), {
      entry: entries.relay(),
      description: `${config.prefix}${relay.name} events stream to consumer queues`,
      environment: functionEnvironment(props.environment, relay.name),
      memorySize: 512,
      timeout: Duration.seconds(30),
    });
    this.relay.addEventSource(
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
    for (const queue of resources.queues.values()) queue.grantSendMessages(this.relay);

    for (const consumer of consumers) {
      const queue = resources.queues.get(consumer.name);
      if (!queue) throw new Error(`No queue for consumer "${consumer.name}"`);
      const fn = tokoFunction(this, `${pascal(consumer.name)}Consumer`, {
        entry: entries.consumer(consumer),
        description: `${config.prefix}consumer ${consumer.name}`,
        environment: {
          ...functionEnvironment(props.environment, consumer.name),
          ...(consumer.kind === 'projector' ? { PROJECTION: consumer.name } : {}),
        },
        // A codec consumer encodes audio: 1769 MB is one whole vCPU.
        memorySize: consumer.codecs ? 1769 : 512,
        codecs: consumer.codecs,
        // Lambda requires the queue's visibility timeout to be at least the function's timeout.
        timeout: Duration.seconds(Math.max(1, Math.floor(consumer.visibilityTimeoutSeconds / 3))),
      });
      fn.addEventSource(
        new SqsEventSource(queue, {
          batchSize: consumer.batchSize,
          reportBatchItemFailures: true,
        }),
      );
      grantAccess(fn, consumerAccess(consumer.name), resources);
      this.consumerFunctions.set(consumer.name, fn);
    }

    for (const job of props.schedules ?? scheduleManifest) {
      const fn = tokoFunction(this, `${pascal(job.name)}Scheduled`, {
        entry: entries.scheduled(job.name),
        description: `${config.prefix}scheduled ${job.name}: ${job.description}`,
        environment: functionEnvironment(props.environment, job.name),
        memorySize: 512,
        timeout: Duration.seconds(50),
      });
      grantAccess(fn, scheduledAccess(job.name), resources);
      new Rule(this, `${pascal(job.name)}Schedule`, {
        description: `${config.prefix}${job.name} ${job.rate}`,
        schedule: Schedule.expression(job.rate),
        // A missed run is not retried: the next one, a minute later, finds the same due releases.
        targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
      });
      this.scheduledFunctions.set(job.name, fn);
    }
  }
}
