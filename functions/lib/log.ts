/**
 * The app's loggers (Powertools Logger, one per service): every line carries the correlation id of the request or
 * event being served, the HTTP request's id that its commands stamp into their events' meta and that every consumer
 * of those events logs again. The id lives in an AsyncLocalStorage, not in a logger's keys: the local cloud serves
 * many requests in one process at once, and a key appended for one would show on another's lines.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';

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
        function_request_id: attributes.lambdaContext?.awsRequestId,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(additional);
  }
}

export const createLogger = (serviceName: string) => new Logger({ serviceName, logFormatter: new CorrelatedLogFormatter() });
