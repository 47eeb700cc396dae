/**
 * The one retry loop: runs `work` until it succeeds, fails with an error `retryOn` refuses, or has
 * been tried `attempts` times; the last error is thrown as it is. Commands, blind appends and the
 * Stripe webhook all retry through here when they lose an optimistic-concurrency race.
 */
interface RetryOptions {
  /** Tries in all, the first included. */
  attempts: number;
  /** Whether a failure is worth another try (a lost race is; a refusal is not). */
  retryOn: (error: unknown) => boolean;
  /** Milliseconds to wait after the `attempt`-th failure; no wait when left out. */
  delayMs?: (attempt: number) => number;
}

export async function retry<T>(work: (attempt: number) => Promise<T>, { attempts, retryOn, delayMs }: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (attempt >= attempts || !retryOn(error)) throw error;
      const wait = delayMs?.(attempt) ?? 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
