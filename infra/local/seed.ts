/** The local cloud's first data: the seeded catalogue (infra/seed/run.ts, idempotent) and the first admin. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Log } from './util.js';

export async function runSeed(mediaCacheDir: string, log: Log) {
  const seedUrl = new URL('../seed/run.ts', import.meta.url);
  if (!fs.existsSync(fileURLToPath(seedUrl))) {
    log.error('infra/seed/run.ts does not exist yet: starting without the seeded catalogue');
    return;
  }
  fs.mkdirSync(mediaCacheDir, { recursive: true });
  const mod = (await import(seedUrl.href)) as { seed?: (opts: { mediaCacheDir: string }) => Promise<void> };
  if (typeof mod.seed !== 'function') throw new Error('infra/seed/run.ts does not export seed()');
  await mod.seed({ mediaCacheDir });
}

/**
 * The admin of ADMIN_EMAIL / ADMIN_PASSWORD, made once (functions/accounts/first-admin.ts). A start after a crash meets a
 * busy DynamoDB (the stream poller relays the whole events table again meanwhile): a call that times out or is
 * throttled is tried again rather than failing the start.
 */
export async function ensureFirstAdmin() {
  const { ensureFirstAdmin } = await import('../../functions/accounts/first-admin.js');
  const { retry } = await import('../../functions/platform/retry.js');
  const { isTransientServiceError } = await import('../../functions/platform/transient-errors.js');
  // Up to about a minute: on a machine busy with other work too, a restart's rush outlasted five tries in 10 s.
  await retry(() => ensureFirstAdmin(), {
    attempts: 12,
    retryOn: isTransientServiceError,
    delayMs: (attempt) => Math.min(attempt, 5) * 1_000,
  });
}

/**
 * The admin's default dashboard (the last 30 days) and the period before it: the finished days the seed closes into
 * their summaries, as the hourly job (close-rollup-days) keeps them closed in a deployment that has been running.
 */
const CLOSED_AT_START_DAYS = 60;

/**
 * Closes the finished days of the last CLOSED_AT_START_DAYS. A fresh cloud has none closed: without this, the
 * dashboard's first look reads each of those days from all of its shards rather than from its one summary partition.
 */
export async function closeFinishedDays() {
  const { closeRollupDays } = await import('../../functions/dashboard/scheduled/close-rollup-days.js');
  return closeRollupDays(new Date(), CLOSED_AT_START_DAYS);
}
