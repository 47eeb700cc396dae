/**
 * The app's loggers (Powertools Logger, one per service): a line logged for a request or an event carries its
 * correlation id, the HTTP request's id that its commands stamp into their events' meta and that every consumer of
 * those events logs again. The id is an attribute of the line (`{ correlationId }`, or a logger made `correlatedLogger`
 * for one record), never a logger's shared key or an async context: the local cloud serves many requests in one process
 * at once, so a key appended for one would show on another's lines, and an AsyncLocalStorage turns on Node's promise
 * hooks for every promise in the process (the play ingest lost a quarter of its rate to them). The Lambda invocation
 * (its request id, whether it was a cold start, the function) comes in through Powertools' own middy middleware,
 * `injectLambdaContext`.
 */
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';

/** Powertools' line with `correlationId` after the service. */
class CorrelatedLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const { correlationId, ...rest } = additional;
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        correlationId,
        sampling_rate: attributes.sampleRateValue,
        cold_start: attributes.lambdaContext?.coldStart,
        function_name: attributes.lambdaContext?.functionName,
        function_arn: attributes.lambdaContext?.invokedFunctionArn,
        function_memory_size: attributes.lambdaContext?.memoryLimitInMB,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(rest);
  }
}

export const createLogger = (serviceName: string) => new Logger({ serviceName, logFormatter: new CorrelatedLogFormatter() });

/**
 * `logger` for the work of one request or event: every line it writes carries `correlationId` (when there is one).
 * Powertools' child logger is made on the first use: about 30-60 µs, which a consumer that logs nothing for a record
 * (the trace index, on every event) would otherwise pay for each.
 */
export function correlatedLogger(logger: Logger, correlationId: string | undefined): Logger {
  if (!correlationId) return logger;
  let child: Logger | undefined;
  const made = () => (child ??= logger.createChild({ persistentKeys: { correlationId } }));
  return new Proxy(logger, {
    get: (_, key) => {
      const target = made();
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A Lambda handler whose `logger` lines carry the invocation it serves (request id, cold start, function), set by
 * Powertools' middleware. The context may be left out (a test's direct call): the lines then have no invocation.
 */
export function withLambdaContext<E, R>(logger: Logger, handler: (event: E, context?: Context) => Promise<R>) {
  const invoke = middy(handler).use(injectLambdaContext(logger));
  return (event: E, context?: Context): Promise<R> => (context ? invoke(event, context) : handler(event));
}
