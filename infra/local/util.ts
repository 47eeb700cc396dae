/** Small helpers shared by the parts of the local cloud. */
import net from 'node:net';

/**
 * A bell for waiters who would otherwise poll: `wait` sleeps until the time is up, the signal aborts, or someone rings.
 * The stream poller's idle shards wait on one, rung by whatever may have just appended an event (an API answer, a
 * consumer's batch, a scheduled job), so an idle cloud polls seldom and a busy one reads each append at once.
 */
export interface Doorbell {
  ring: () => void;
  /** How many times it has rung: a waiter that saw the count move knows something happened meanwhile. */
  rings: () => number;
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function doorbell(): Doorbell {
  const waiting = new Set<() => void>();
  let rung = 0;
  return {
    ring() {
      rung++;
      for (const wake of [...waiting]) wake();
    },
    rings: () => rung,
    wait: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const timer = setTimeout(done, ms);
        waiting.add(done);
        signal?.addEventListener('abort', done, { once: true });
        function done() {
          clearTimeout(timer);
          waiting.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        }
      }),
  };
}

/** Waits `ms`, or less if the signal aborts: a doorbell nobody rings. */
export const sleep = (ms: number, signal?: AbortSignal) => doorbell().wait(ms, signal);

/**
 * A port that was free a moment ago on 127.0.0.1: `preferred` when it is free, else one the OS picks.
 * (The cloud prefers the ports of its previous run in this process: handler modules keep SDK
 * clients and queue URLs made from the old endpoints, and they stay valid after a restart.)
 */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred) {
    const ok = await tryPort(preferred).catch(() => 0);
    if (ok) return ok;
  }
  return tryPort(0);
}

function tryPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Log {
  /** Routine progress and per-request lines: silent when quiet. */
  info(message: string): void;
  /** Problems: always printed. */
  error(message: string, err?: unknown): void;
}

export function makeLog(quiet: boolean): Log {
  return {
    info: (message) => {
      if (!quiet) console.log(message);
    },
    error: (message, err) => {
      const detail = err instanceof Error ? (err.stack ?? err.message) : err === undefined ? '' : errorMessage(err);
      console.error(`[local-cloud] ${message}${detail ? `\n${detail}` : ''}`);
    },
  };
}

/** Logs the same failure at most once per interval, so a missing module does not flood the console. */
export function throttledError(log: Log, intervalMs = 10_000) {
  const last = new Map<string, number>();
  return (key: string, message: string, err?: unknown) => {
    const now = Date.now();
    if ((last.get(key) ?? 0) + intervalMs > now) return;
    last.set(key, now);
    log.error(message, err);
  };
}

export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Ports used by the last cloud of this process, by part; reused when free (see freePort). */
export const lastPorts: Partial<Record<'dynamodb' | 'fauxqs' | 'ses' | 'gateway', number>> = {};
