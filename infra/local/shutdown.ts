/** Stopping the local cloud: each part that started registers how to stop it, and the process environment is put back. */
import type { Log } from './util.js';

export interface Shutdown {
  /** Registers how to stop a part that has started; the last registered stops first. */
  add(stop: () => Promise<void>): void;
  /** Sets each variable in process.env (undefined removes it), remembering what it was before the first change. */
  setEnv(vars: Record<string, string | undefined>): void;
  /** Stops every registered part in reverse order (a failure is logged, the rest still stop), then restores the environment. */
  run(): Promise<void>;
}

export function createShutdown(log: Log): Shutdown {
  const stops: (() => Promise<void>)[] = [];
  const savedEnv = new Map<string, string | undefined>();
  return {
    add: (stop) => void stops.push(stop),
    setEnv(vars) {
      for (const [k, v] of Object.entries(vars)) {
        if (!savedEnv.has(k)) savedEnv.set(k, process.env[k]);
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    },
    async run() {
      for (const stop of stops.reverse()) {
        try {
          await stop();
        } catch (err) {
          log.error('stopping the local cloud', err);
        }
      }
      stops.length = 0;
      for (const [k, v] of savedEnv) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      savedEnv.clear();
    },
  };
}
