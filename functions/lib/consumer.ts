/** Builds an SQS FIFO consumer Lambda from a projection, on Powertools batch processing with partial failures. */
import type { Context, SQSEvent, SQSRecord, SQSBatchResponse } from 'aws-lambda';
import { readEvent } from './event-store.js';
import { processFifoBatch } from './fifo-batch.js';
import { withTelemetry } from './ops/telemetry.js';
import { project, projectRun, type Projection, type ViewStore } from './projection.js';
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
  // A stream's consecutive events in one batch (SQS hands a group's messages out together) are committed at once: a
  // listener's ten plays are one transaction, not ten in turn. What the run cannot take goes record by record.
  const runHandler = async (records: SQSRecord[]): Promise<number> => {
    if (records.length < 2) return 0;
    let done = 0;
    try {
      const events = await Promise.all(records.map((record) => readEvent(JSON.parse(record.body))));
      while (done < events.length) {
        const taken = await projectRun(projection, store, events.slice(done));
        if (taken === 0) break;
        done += taken;
      }
    } catch (error) {
      // Left to the records' own path, which records the failure against its record.
      logger.debug('run not projected', { error: String(error) });
    }
    if (done > 0) logger.debug('projected a run', { streamId: records[0].attributes?.MessageGroupId, events: done });
    return done;
  };
  return async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    // One failing stream (message group) must not hold back the others in the batch.
    const response = await processFifoBatch(event, recordHandler, context, runHandler);
    await telemetry.countBatch(event.Records, response);
    if (response.batchItemFailures.length) {
      logger.warn('records failed', { failed: response.batchItemFailures.length, of: event.Records.length });
    }
    return response;
  };
}
