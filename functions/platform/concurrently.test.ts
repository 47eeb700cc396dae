import { describe, expect, it } from 'vitest';
import { eachConcurrently } from './concurrently.js';

describe('eachConcurrently', () => {
  it('does every item once, never more than the limit at a time', async () => {
    const done: number[] = [];
    let running = 0;
    let most = 0;
    await eachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (n % 3)));
      running--;
      done.push(n);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('does nothing for no items', async () => {
    await eachConcurrently([], 4, () => Promise.reject(new Error('not called')));
  });
});
