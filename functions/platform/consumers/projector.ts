/**
 * The Lambda of every projector line of functions/consumers.ts: it runs the projection its PROJECTION
 * variable names (the line's name). One entry instead of one file per projector; it bundles every
 * projection, about 10 KB more per function than one alone.
 */
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { projectionConsumer } from '../consumer.js';
import { projections } from '../../projections.js';

/** The queue handler of the projector `name`; the local SQS trigger runs every projector in one process this way. */
export function projectorHandler(name: string) {
  const projection = projections[name];
  if (!projection) throw new Error(`No projection "${name}" in functions/projections.ts`);
  return projectionConsumer(projection);
}

let own: ReturnType<typeof projectorHandler> | undefined;

export const handler = (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
  (own ??= projectorHandler(process.env.PROJECTION ?? ''))(event, context);
