/** The local cloud's doorbell: an idle stream poller sleeps on it and wakes at once when something may have appended. */
import { describe, expect, it } from 'vitest';
import { doorbell } from '../../infra/local/util.js';

describe('doorbell', () => {
  it('wakes every waiter when rung, long before their time is up, and counts the rings', async () => {
    const bell = doorbell();
    const started = performance.now();
    const waits = [bell.wait(60_000), bell.wait(60_000)];
    expect(bell.rings()).toBe(0);
    bell.ring();
    await Promise.all(waits);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(bell.rings()).toBe(1);
  });

  it('ends a wait at its time, or when its signal aborts, with nobody ringing', async () => {
    const bell = doorbell();
    await bell.wait(1);
    const abort = new AbortController();
    const waiting = bell.wait(60_000, abort.signal);
    abort.abort();
    await waiting;
    await bell.wait(60_000, abort.signal);
    expect(bell.rings()).toBe(0);
  });

  it('does not wake a wait that began after the ring: the count is how a waiter learns of it', async () => {
    const bell = doorbell();
    bell.ring();
    const seen = bell.rings();
    let woke = false;
    const waiting = bell.wait(30).then(() => (woke = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(woke).toBe(false);
    await waiting;
    expect(seen).toBe(1);
  });
});
