/**
 * The sync manager's latest errors over a fresh local cloud: its seed is projected without one failed try, so a healthy
 * start shows no error (ops-dead-letters.test.ts shows a failing event's error with its stream and version).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recentErrors } from '../../functions/platform/recent-errors.js';
import { useCloudEnv } from '../support/cloud.js';

beforeAll(() => useCloudEnv());

describe('the sync manager: latest errors', () => {
  it('has no failed try of the seed: every consumer projected the fresh catalogue at its first try', async () => {
    // Read from the store itself, not the screen's newest 20, which other tests' errors may fill.
    const ofSeed = (await recentErrors(1_000)).filter((e) => e.correlationId === 'seed');
    expect(ofSeed).toEqual([]);
  });
});
