import { describe, expect, it } from 'vitest';
import { messagesWithin, pacer, type Clock } from './pacing.js';

function fakeClock() {
  let now = 1_000;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms), now: () => now };
}

describe('pacer', () => {
  it('spaces calls at the chosen rate from the first one', async () => {
    const { clock, now } = fakeClock();
    const pace = pacer(4, clock);
    const at: number[] = [];
    for (let i = 0; i < 5; i++) {
      await pace.next();
      at.push(now());
    }
    expect(at).toEqual([1_000, 1_250, 1_500, 1_750, 2_000]);
  });

  it('does not wait after slow work, and does not stretch the schedule for it', async () => {
    const { clock, sleeps, advance, now } = fakeClock();
    const pace = pacer(10, clock);
    await pace.next();
    advance(350); // the first message took longer than three intervals
    await pace.next();
    await pace.next();
    await pace.next();
    expect(sleeps).toEqual([]);
    await pace.next();
    expect(now()).toBe(1_400);
  });

  it('refuses a rate of 0, a negative one and one above 100 per second', () => {
    for (const rate of [0, -1, 100.5, 1_000, Number.NaN]) expect(() => pacer(rate)).toThrow(RangeError);
    expect(() => pacer(100)).not.toThrow();
  });
});

describe('messagesWithin', () => {
  it('counts the messages a request moves in its time, at least one', () => {
    expect(messagesWithin(10, 20_000)).toBe(200);
    expect(messagesWithin(0.01, 20_000)).toBe(1);
    expect(messagesWithin(100, 20_000)).toBe(2_000);
  });
});
