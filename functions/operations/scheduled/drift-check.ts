/**
 * Scheduled job (every 15 minutes, functions/schedules.ts): the drift detector (functions/operations/drift.ts). Re-projects
 * a sample of streams per projection in memory and compares them with the live views; the differences go to the
 * `ViewDrift` metric and the sync manager. Reads only, but for its own result: a run overlapping another does no harm.
 */
import { checkDrift } from '../drift.js';
import { createLogger } from '../../platform/log.js';
import { withSecrets } from '../../platform/secrets.js';

const logger = createLogger('scheduled-drift-check');

/** Inside the scheduled function's 50 s (infra/aws/api-stack.ts): streams not compared by then count as unchecked. */
const BUDGET_MS = 40_000;

/** The EventBridge event carries the time the rule fired. */
export const handler = withSecrets(async (event: { time?: string } = {}) => {
  const report = await checkDrift({ budgetMs: BUDGET_MS }, event.time ? new Date(event.time) : new Date());
  if (report.differences) logger.warn('views drifted', { differences: report.differences, projections: report.projections });
});
