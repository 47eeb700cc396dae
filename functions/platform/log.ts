/**
 * The app's loggers (Powertools Logger, one per service): every line carries the correlation id of the request or
 * event being served, the HTTP request's id that its commands stamp into their events' meta and that every consumer
 * of those events logs again. The id lives in an AsyncLocalStorage, not in a logger's keys: the local cloud serves
 * many requests in one process at once, and a key appended for one would show on another's lines. The Lambda
 * invocation (its request id, whether it was a cold start, the function) comes in through Powertools' own middy
 * middleware, `injectLambdaContext`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';

const correlation = new AsyncLocalStorage<string>();

/** Runs `work` with `correlationId` on every log line written meanwhile (none when it is undefined). */
export function withCorrelationId<T>(correlationId: string | undefined, work: () => T): T {
  return correlationId ? correlation.run(correlationId, work) : work();
}

/** The correlation id of the request or event being served, if any. */
export const currentCorrelationId = (): string | undefined => correlation.getStore();

/** Powertools' line with `correlationId` after the service. */
class CorrelatedLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        correlationId: currentCorrelationId(),
        sampling_rate: attributes.sampleRateValue,
        cold_start: attributes.lambdaContext?.coldStart,
        function_name: attributes.lambdaContext?.functionName,
        function_arn: attributes.lambdaContext?.invokedFunctionArn,
        function_memory_size: attributes.lambdaContext?.memoryLimitInMB,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(additional);
  }
}

export const createLogger = (serviceName: string) => new Logger({ serviceName, logFormatter: new CorrelatedLogFormatter() });

/**
 * A Lambda handler whose `logger` lines carry the invocation it serves (request id, cold start, function), set by
 * Powertools' middleware. The context may be left out (a test's direct call): the lines then have no invocation.
 */
export function withLambdaContext<E, R>(logger: Logger, handler: (event: E, context?: Context) => Promise<R>) {
  const invoke = middy(handler).use(injectLambdaContext(logger));
  return (event: E, context?: Context): Promise<R> => (context ? invoke(event, context) : handler(event));
}
