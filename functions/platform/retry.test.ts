import { afterEach, describe, expect, it, vi } from 'vitest';
import { retry } from './retry.js';

class Lost extends Error {}
const isLost = (error: unknown) => error instanceof Lost;

/** Work that fails with the given errors, one per try, then answers 'ok'. */
function failing(...errors: Error[]) {
  return vi.fn((attempt: number) => {
    const error = errors[attempt - 1];
    return error ? Promise.reject(error) : Promise.resolve('ok');
  });
}

describe('retry', () => {
  afterEach(() => void vi.useRealTimers());

  it('answers the first success, telling the work which try it is', async () => {
    const work = failing(new Lost(), new Lost());
    await expect(retry(work, { attempts: 3, retryOn: isLost })).resolves.toBe('ok');
    expect(work.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
  });

  it('throws the last error once the tries are used up', async () => {
    const last = new Lost('third');
    const work = failing(new Lost(), new Lost(), last);
    await expect(retry(work, { attempts: 3, retryOn: isLost })).rejects.toBe(last);
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('does not try again after an error it should not retry', async () => {
    const refusal = new Error('refused');
    const work = failing(refusal);
    await expect(retry(work, { attempts: 5, retryOn: isLost })).rejects.toBe(refusal);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits the given time after each failure before the next try', async () => {
    vi.useFakeTimers();
    const work = failing(new Lost(), new Lost());
    const delayMs = vi.fn((attempt: number) => 100 * attempt);
    const done = retry(work, { attempts: 3, retryOn: isLost, delayMs });
    await vi.advanceTimersByTimeAsync(99);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    await expect(done).resolves.toBe('ok');
    expect(delayMs.mock.calls).toEqual([[1], [2]]);
  });
});
