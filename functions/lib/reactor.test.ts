import { describe, expect, it } from 'vitest';
import { consumers } from '../consumers.js';
import { deliveryOf, giveUpOnLastTry } from './reactor.js';

const intake = consumers.find((c) => c.name === 'track-intake')!;
const record = (count?: string) => ({ attributes: { ApproximateReceiveCount: count } }) as never;

describe('deliveryOf', () => {
  it("counts a message's tries against its consumer's maxReceiveCount", () => {
    expect(deliveryOf('track-intake', record('1'))).toEqual({ attempt: 1, last: false });
    expect(deliveryOf('track-intake', record(String(intake.maxReceiveCount)))).toEqual({ attempt: intake.maxReceiveCount, last: true });
    // A message without a count is on its first try.
    expect(deliveryOf('track-intake', record(undefined))).toEqual({ attempt: 1, last: false });
  });
});

describe('giveUpOnLastTry', () => {
  const failing = () => Promise.reject(new Error('decoder crashed'));
  const giveUp = (error: unknown) => Promise.resolve(`gave up: ${(error as Error).message}`);

  it('throws a failure while tries are left, so the message is delivered again', async () => {
    await expect(giveUpOnLastTry({ attempt: 1, last: false }, failing, giveUp)).rejects.toThrow('decoder crashed');
  });

  it('answers a failure on the last try with the give-up, so it is recorded instead of dead-lettered', async () => {
    await expect(giveUpOnLastTry({ attempt: 5, last: true }, failing, giveUp)).resolves.toBe('gave up: decoder crashed');
  });

  it("answers the work's result when it succeeds", async () => {
    await expect(giveUpOnLastTry({ attempt: 5, last: true }, () => Promise.resolve('done'), giveUp)).resolves.toBe('done');
  });
});
