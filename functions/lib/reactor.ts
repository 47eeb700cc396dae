/**
 * SQS FIFO consumer Lambdas that react to messages with commands or side effects (view writes are
 * projections instead: functions/lib/consumer.ts). Each record is handled alone; a failure fails only
 * its record and the rest of its message group (keeping a stream's order), to be retried, then
 * dead-lettered.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { registry, type DomainEvent } from '../../events/index.js';
import { processFifoBatch } from './fifo-batch.js';

/** A consumer of JSON messages of any kind. */
export function queueConsumer(name: string, handle: (body: unknown, logger: Logger) => Promise<void>) {
  const logger = new Logger({ serviceName: name });
  const recordHandler = async (record: SQSRecord) => handle(JSON.parse(record.body), logger);
  return async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const response = await processFifoBatch(event, recordHandler, context);
    if (response.batchItemFailures.length)
      logger.warn('records failed', { failed: response.batchItemFailures.length, of: event.Records.length });
    return response;
  };
}

/** A consumer of relayed events. */
export function reactorConsumer(name: string, react: (event: DomainEvent, logger: Logger) => Promise<void>) {
  return queueConsumer(name, async (body, logger) => {
    const event = registry.upcast(body);
    await react(event, logger);
    logger.debug('reacted', { streamId: event.streamId, version: event.version, type: event.type });
  });
}
