/** Builds an SQS FIFO consumer Lambda from a projection, on Powertools batch processing with partial failures. */
import type { Context, SQSEvent, SQSRecord, SQSBatchResponse } from 'aws-lambda';
import { readEvent } from './event-store.js';
import { processFifoBatch } from './fifo-batch.js';
import { withTelemetry, type OpsRecorder } from './telemetry.js';
import { project, projectRun, viewKeyId, type Projection, type ViewItem, type ViewStore } from './projection.js';
import { ownerOf } from './view-generations.js';
import { dynamoViewStore } from './views.js';
import { createLogger, withLambdaContext } from './log.js';
import { withSecrets } from './secrets.js';

/**
 * The store one batch projects through: other projections' items (the album each play names) are read once per batch,
 * as they are only ever read here, a moment's staleness of a view that follows the log anyway; the projection's own
 * items are read afresh every time, since its commits in the batch change them.
 */
export function batchStore(store: ViewStore, projection: string): ViewStore {
  const others = new Map<string, Promise<ViewItem | undefined>>();
  return {
    get(key) {
      if ((ownerOf(key.pk) ?? projection) === projection) return store.get(key);
      const id = viewKeyId(key);
      let read = others.get(id);
      if (!read) {
        read = store.get(key);
        others.set(id, read);
        read.catch(() => others.delete(id));
      }
      return read.then((item) => item && structuredClone(item));
    },
    checkpoint: (name, streamId) => store.checkpoint(name, streamId),
    commit: (name, streamId, from, to, ops) => store.commit(name, streamId, from, to, ops),
  };
}

export function projectionConsumer(projection: Projection, store: ViewStore = dynamoViewStore, recorder?: OpsRecorder) {
  const logger = createLogger(projection.name);
  const telemetry = withTelemetry(projection.name, logger, recorder);
  // A record may be tried twice in a batch (processFifoBatch's retryFailedGroups): only its last failure is reported.
  const recordHandler = (views: ViewStore, errors: Map<string, unknown>) => async (record: SQSRecord) => {
    try {
      const event = await readEvent(JSON.parse(record.body));
      const outcome = await project(projection, views, event);
      errors.delete(record.messageId);
      const { correlationId } = event.meta;
      logger.debug('projected', { correlationId, streamId: event.streamId, version: event.version, type: event.type, outcome });
    } catch (error) {
      errors.set(record.messageId, error);
      throw error;
    }
  };
  // A stream's consecutive events in one batch (SQS hands a group's messages out together) are committed at once: a
  // listener's ten plays are one transaction, not ten in turn. What the run cannot take goes record by record.
  const runHandler = (views: ViewStore) => async (records: SQSRecord[]) => {
    if (records.length < 2) return 0;
    let done = 0;
    try {
      const events = await Promise.all(records.map((record) => readEvent(JSON.parse(record.body))));
      while (done < events.length) {
        const taken = await projectRun(projection, views, events.slice(done));
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
  return withSecrets(
    withLambdaContext(logger, async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
      const views = batchStore(store, projection.name);
      const errors = new Map<string, unknown>();
      // One failing stream (message group) must not hold back the others in the batch; one that reads what another
      // stream of the batch writes is tried again once that one is done.
      const response = await processFifoBatch(event, recordHandler(views, errors), context, runHandler(views), { retryFailedGroups: true });
      const failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
      // A failed group's later records were not tried: only the record that failed has a reason.
      await Promise.all(
        event.Records.filter((record) => failed.has(record.messageId) && errors.has(record.messageId)).map((record) =>
          telemetry.failed(record, errors.get(record.messageId)),
        ),
      );
      await telemetry.countBatch(event.Records, response);
      if (response.batchItemFailures.length) {
        logger.warn('records failed', { failed: response.batchItemFailures.length, of: event.Records.length });
      }
      return response;
    }),
  );
}
