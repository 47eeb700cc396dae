/** Builds an SQS FIFO consumer Lambda from a projection, on Powertools batch processing with partial failures. */
import type { Context, SQSEvent, SQSRecord, SQSBatchResponse } from 'aws-lambda';
import { readEvent } from './event-store.js';
import { processFifoBatch } from './fifo-batch.js';
import { withTelemetry } from './ops/telemetry.js';
import { project, type Projection, type ViewStore } from './projection.js';
import { dynamoViewStore } from './views.js';
import { createLogger } from './log.js';

export function projectionConsumer(projection: Projection, store: ViewStore = dynamoViewStore) {
  const logger = createLogger(projection.name);
  const telemetry = withTelemetry(projection.name, logger);
  const recordHandler = telemetry.recordHandler(async (record: SQSRecord) => {
    const event = await readEvent(JSON.parse(record.body));
    const outcome = await project(projection, store, event);
    logger.debug('projected', { streamId: event.streamId, version: event.version, type: event.type, outcome });
  });
  return async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    // One failing stream (message group) must not hold back the others in the batch.
    const response = await processFifoBatch(event, recordHandler, context);
    await telemetry.countBatch(event.Records, response);
    if (response.batchItemFailures.length) {
      logger.warn('records failed', { failed: response.batchItemFailures.length, of: event.Records.length });
    }
    return response;
  };
}
