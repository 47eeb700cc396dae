/**
 * The Lambda handlers the local cloud invokes, imported lazily from the same files AWS runs:
 * functions/http/<context>.ts, functions/consumers/relay.ts, functions/consumers/<module>.ts.
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

const functionsDir = new URL('../../functions/', import.meta.url);

export const httpModuleUrl = (context: string) => new URL(`http/${context}.ts`, functionsDir);
export const relayModuleUrl = () => new URL('consumers/relay.ts', functionsDir);
export const consumerModuleUrl = (module: string) => new URL(`consumers/${module}.ts`, functionsDir);

/** Loads `handler` from a module once; a failure is thrown to the caller and retried next time. */
export function lazyHandler<H extends (...args: never[]) => unknown>(url: URL, override?: H): () => Promise<H> {
  if (override) return () => Promise.resolve(override);
  let loaded: H | undefined;
  return async () => {
    if (loaded) return loaded;
    const mod = (await import(url.href)) as { handler?: unknown; default?: { handler?: unknown } };
    const handler = mod.handler ?? mod.default?.handler;
    if (typeof handler !== 'function') throw new Error(`${relativeName(url)} does not export a handler function`);
    loaded = handler as H;
    return loaded;
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
