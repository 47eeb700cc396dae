/**
 * Scheduled job (every minute, functions/schedules.ts): works on the blue/green rebuilds an operator asked for
 * (functions/operations/rebuild.ts), one after another, each at the rebuild's pace (REBUILD_EVENTS_PER_SECOND), and saves their
 * progress on their records; the next run goes on from there. The console's start only records the request: a paced
 * rebuild outlasts an HTTP request by far, and its reads, paced, keep the live ingest's latency near its usual one.
 */
import { advanceRebuilds } from '../rebuild.js';
import { createLogger } from '../../platform/log.js';
import { withSecrets } from '../../platform/secrets.js';

const logger = createLogger('scheduled-rebuilds');

/** Inside the scheduled function's 50 s (infra/aws/api-stack.ts), with time for the last step and its save. */
const BUDGET_MS = 40_000;

export const handler = withSecrets(async () => {
  for (const record of await advanceRebuilds(BUDGET_MS))
    logger.info('rebuild advanced', {
      projection: record.projection,
      state: record.state,
      scanned: record.scanned,
      parity: record.parity?.ok,
    });
});
