/**
 * The Lambda handlers the local cloud invokes, imported lazily from the same files AWS runs, found by the same layout
 * (infra/aws/entries.ts): functions/<context>/http/<name>.ts, the relay and the consumers of functions/consumers.ts (a
 * reactor's functions/<context>/consumers/<name>.ts, a projector's projection through
 * functions/platform/consumers/projector.ts).
 * A module that fails to load is retried on next use (it may be being written), never cached.
 * Tests may override any handler with a function (`startLocalCloud({ handlers })`).
 */
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ConsumerSpec } from '../../functions/consumers.js';
import { entriesIn } from '../aws/entries.js';
import { consumerWorker, CONSUMERS_APART } from './consumer-worker.js';
import { errorMessage, type Log } from './util.js';

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | string | object | undefined>;
export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | void | undefined>;
export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void | undefined>;

export interface HandlerOverrides {
  /** By context name (routes.ts). */
  http?: Record<string, HttpHandler>;
  relay?: StreamHandler;
  /** By consumer name (consumers.ts). */
  consumers?: Record<string, QueueHandler>;
}

/** The Lambda entries of functions/, found as synthesis finds them. */
export const entries = entriesIn(fileURLToPath(new URL('../../functions/', import.meta.url)));

export const httpModuleUrl = (context: string) => pathToFileURL(entries.http(context));
export const relayModuleUrl = () => pathToFileURL(entries.relay());
export const consumerModuleUrl = (consumer: Pick<ConsumerSpec, 'name' | 'kind'>) => pathToFileURL(entries.consumer(consumer));

type Module = { handler?: unknown; default?: { handler?: unknown }; projectorHandler?: (name: string) => unknown };

/**
 * Loads a handler from a module once (its `handler`, unless `pick` takes another); a failure is thrown to the
 * caller and retried next time. The module is looked for only then, so an overridden handler needs no file.
 */
export function lazyHandler<H extends (...args: never[]) => unknown>(
  moduleUrl: () => URL,
  override?: H,
  pick: (mod: Module) => unknown = (mod) => mod.handler ?? mod.default?.handler,
): () => Promise<H> {
  if (override) return () => Promise.resolve(override);
  let loaded: H | undefined;
  return async () => {
    if (loaded) return loaded;
    const url = moduleUrl();
    const handler = pick((await import(url.href)) as Module);
    if (typeof handler !== 'function') throw new Error(`${relativeName(url)} does not export a handler function`);
    loaded = handler as H;
    return loaded;
  };
}

/**
 * A consumer's handler as its Lambda runs it: a reactor's `handler`; for a projector, the projector entry's
 * handler of that projection (one process runs every projector, so not through the PROJECTION variable).
 */
export const lazyConsumerHandler = (consumer: Pick<ConsumerSpec, 'name' | 'kind'>, override?: QueueHandler) =>
  consumer.kind === 'projector'
    ? lazyHandler<QueueHandler>(
        () => consumerModuleUrl(consumer),
        override,
        (mod) => mod.projectorHandler?.(consumer.name),
      )
    : lazyHandler<QueueHandler>(() => consumerModuleUrl(consumer), override);

export interface HandlerLoaders {
  http: (context: string) => () => Promise<HttpHandler>;
  relay: () => Promise<StreamHandler>;
  /** In the order of the consumers given. */
  consumers: (() => Promise<QueueHandler>)[];
  /** Loads every handler not overridden now (a Lambda cold start each), so the first request is not the slow one. */
  preload(contexts: readonly string[], log: Log): Promise<void>;
  /** Ends the worker threads of the consumers run apart (consumer-worker.ts). */
  stop(): Promise<void>;
}

/** One loader per handler of the cloud, shared by the gateway, the stream poller, the SQS trigger and the preload. */
export function handlerLoaders(consumers: readonly ConsumerSpec[], overrides: HandlerOverrides = {}): HandlerLoaders {
  const httpLoaders = new Map<string, () => Promise<HttpHandler>>();
  const http = (context: string) => {
    let load = httpLoaders.get(context);
    if (!load) {
      load = lazyHandler<HttpHandler>(() => httpModuleUrl(context), overrides.http?.[context]);
      httpLoaders.set(context, load);
    }
    return load;
  };
  const relayLoader = lazyHandler<StreamHandler>(relayModuleUrl, overrides.relay);
  // The consumers run apart get a handler that posts each batch to their thread, unless a test gave its own.
  const workers = consumers.filter((c) => CONSUMERS_APART.has(c.name) && !overrides.consumers?.[c.name]).map((c) => consumerWorker(c.name));
  const consumerLoaders = consumers.map((c) => {
    const apart = workers.find((worker) => worker.consumer === c.name);
    return apart ? () => Promise.resolve(apart.handler) : lazyConsumerHandler(c, overrides.consumers?.[c.name]);
  });
  return {
    http,
    relay: relayLoader,
    consumers: consumerLoaders,
    async preload(contexts, log) {
      const preloads: [string, () => Promise<unknown>][] = [
        ...contexts.filter((c) => !overrides.http?.[c]).map((c) => [`HTTP context ${c}`, http(c)] as [string, () => Promise<unknown>]),
        ...(overrides.relay ? [] : [['the relay', relayLoader] as [string, () => Promise<unknown>]]),
        ...consumers
          .map((c, i) => [c, consumerLoaders[i]] as const)
          .filter(([c]) => !overrides.consumers?.[c.name] && !CONSUMERS_APART.has(c.name))
          .map(([c, load]) => [`consumer ${c.name}`, load] as [string, () => Promise<unknown>]),
      ];
      await Promise.all(
        preloads.map(([name, load]) =>
          load().catch((err) => log.error(`cannot load ${name} yet (it is retried on use): ${errorMessage(err)}`)),
        ),
      );
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}

export function relativeName(url: URL): string {
  const root = new URL('../../', import.meta.url).href;
  return url.href.startsWith(root) ? url.href.slice(root.length) : url.href;
}

/** A Lambda Context good enough for middy, Powertools and timeouts. */
export function lambdaContext(functionName: string, requestId: string, region: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${functionName}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
