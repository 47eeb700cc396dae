/**
 * The local cloud's timer: runs each job of functions/schedules.ts at its rate, as the EventBridge rules do in AWS, by
 * calling the same `handler` of functions/<context>/scheduled/<name>.ts with an event shaped like EventBridge's. A run still
 * going when the next is due is skipped (the job catches up on its next run).
 */
import { randomUUID } from 'node:crypto';
import { rateSeconds, type ScheduleSpec } from '../../functions/schedules.js';
import { pathToFileURL } from 'node:url';
import { entries, lazyHandler } from './handlers.js';
import type { Shutdown } from './shutdown.js';
import { errorMessage, type Log } from './util.js';

type ScheduledHandler = (event: { id: string; time: string; source: string }) => Promise<unknown>;

export const scheduledModuleUrl = (name: string) => pathToFileURL(entries.scheduled(name));

export function startScheduler(options: {
  schedules: readonly ScheduleSpec[];
  log: Log;
  shutdown: Shutdown;
  /** Called after each run of a job (it may have appended events). */
  handled?: () => void;
  /** Tests only: jobs run every this many seconds instead of at their rate. */
  everySeconds?: Readonly<Record<string, number>>;
}) {
  const timers = options.schedules.map((job) => {
    const load = lazyHandler<ScheduledHandler>(() => scheduledModuleUrl(job.name));
    let running = false;
    return setInterval(
      () => {
        if (running) return;
        running = true;
        void load()
          .then((handler) => handler({ id: randomUUID(), time: new Date().toISOString(), source: 'aws.events' }))
          .catch((error: unknown) => options.log.error(`scheduled job ${job.name} failed: ${errorMessage(error)}`))
          .finally(() => {
            running = false;
            options.handled?.();
          });
      },
      (options.everySeconds?.[job.name] ?? rateSeconds(job.rate)) * 1000,
    );
  });
  options.shutdown.add(() => {
    for (const timer of timers) clearInterval(timer);
    return Promise.resolve();
  });
}
