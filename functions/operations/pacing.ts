/** Pacing of a redrive: the chosen rate of messages per second, and how many fit in one request's time. */

const MAX_RATE_PER_SECOND = 100;

/** How many messages one request moves at `ratePerSecond` within `budgetMs` (at least one). Pure. */
export const messagesWithin = (ratePerSecond: number, budgetMs: number) => Math.max(1, Math.floor((ratePerSecond * budgetMs) / 1000));

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * Paces work at `ratePerSecond`: the n-th call of `next()` returns no sooner than n / rate seconds after the first,
 * measured from the start, so slow work does not stretch the schedule and fast work does not run ahead of it.
 */
export function pacer(ratePerSecond: number, clock: Clock = realClock) {
  if (!(ratePerSecond > 0 && ratePerSecond <= MAX_RATE_PER_SECOND))
    throw new RangeError(`rate ${ratePerSecond} is outside (0, ${MAX_RATE_PER_SECOND}]`);
  const interval = 1000 / ratePerSecond;
  let start: number | undefined;
  let count = 0;
  return {
    async next(): Promise<void> {
      start ??= clock.now();
      const due = start + count * interval;
      count++;
      const wait = due - clock.now();
      if (wait > 0) await clock.sleep(wait);
    },
  };
}
