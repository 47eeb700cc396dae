/**
 * Queue consumer: records each event it gets under its correlation id (functions/operations/trace-index.ts), for the
 * sync manager's trace of a request. It reads only the envelope, so it opens no personal data.
 */
import * as z from 'zod/mini';
import { metaSchema } from '../../../events/index.js';
import { recordTrace } from '../trace-index.js';
import { queueConsumer } from '../../platform/reactor.js';

const envelope = z.object({ streamId: z.string(), version: z.number(), type: z.string(), meta: metaSchema });

export const handler = queueConsumer('trace', async (body) => {
  const { streamId, version, type, meta } = envelope.parse(body);
  await recordTrace({ streamId, version, type, at: meta.at, correlationId: meta.correlationId });
});
