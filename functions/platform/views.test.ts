import { describe, expect, it } from 'vitest';
import type { ViewOp } from './projection.js';
import { albumStatsKey, trackStatsKey } from '../listening/projections/stats.js';
import { albumKey } from '../catalogue/projections/catalogue.js';
import { checkpointKey, isCounterKey, packCommits, type PendingCommit } from './views.js';

const commit = (stream: string, ...ops: ViewOp[]): PendingCommit => ({ checkpoint: checkpointKey('p', stream), ops });
const put = (pk: string): ViewOp => ({ kind: 'put', item: { pk, sk: 'item' } });
const add = (pk: string, plays = 1, set: Record<string, unknown> = { pk }): ViewOp => ({
  kind: 'update',
  key: { pk, sk: 'item' },
  add: { plays },
  set,
});
const commitsOf = (packs: ReturnType<typeof packCommits>) => packs.map((p) => p.commits);

describe('packCommits', () => {
  it('writes the commits of different items in one transaction, in their order', () => {
    const commits = [commit('a', put('x')), commit('b', put('y')), commit('c')];
    expect(packCommits(commits)).toEqual([{ commits, ops: [put('x'), put('y')] }]);
  });

  it('adds up counter updates of one item from different streams into one update', () => {
    const commits = [commit('a', add('track'), add('album')), commit('b', add('track', 2)), commit('c', add('album'))];
    expect(packCommits(commits)).toEqual([{ commits, ops: [add('track', 3), add('album', 2)] }]);
  });

  it('puts other writes of one item in different transactions', () => {
    const [a, b, c] = [commit('a', put('x')), commit('b', put('x')), commit('c', add('x'))];
    expect(commitsOf(packCommits([a, b, c]))).toEqual([[a], [b], [c]]);
    // Updates setting different values are not added up either.
    const [d, e] = [commit('d', add('y', 1, { day: 1 })), commit('e', add('y', 1, { day: 2 }))];
    expect(commitsOf(packCommits([d, e]))).toEqual([[d], [e]]);
  });

  it('keeps two commits of one stream apart (their checkpoints are one item)', () => {
    const [first, second] = [commit('a', put('x')), commit('a', put('y'))];
    expect(commitsOf(packCommits([first, second]))).toEqual([[first], [second]]);
  });

  it('never packs more items into one transaction than DynamoDB takes', () => {
    const commits = Array.from({ length: 7 }, (_, i) => commit(`s${i}`, put(`x${i}`), put(`y${i}`)));
    const packs = packCommits(commits, 10);
    expect(packs.map((p) => p.commits.length)).toEqual([3, 3, 1]);
    expect(packs.flatMap((p) => p.commits)).toEqual(commits);
    // Added-up counters count once.
    expect(
      packCommits(
        Array.from({ length: 9 }, (_, i) => commit(`t${i}`, add('track'))),
        10,
      ),
    ).toHaveLength(1);
  });

  it('still writes a commit larger than a transaction on its own', () => {
    const big = commit('big', ...Array.from({ length: 12 }, (_, i) => put(`k${i}`)));
    const small = commit('small', put('z'));
    expect(commitsOf(packCommits([big, small], 10))).toEqual([[big], [small]]);
  });
});

describe('isCounterKey', () => {
  it('keeps checkpoints and play statistics in the counters table, every other view in views', () => {
    for (const key of [checkpointKey('rollups', 'guest-plays#g1#2026-11-26'), albumStatsKey('a1'), trackStatsKey('t1')]) {
      expect(isCounterKey(key), key.pk).toBe(true);
    }
    expect(isCounterKey(albumKey('a1'))).toBe(false);
    expect(isCounterKey({ pk: 'library#u1' })).toBe(false);
  });
});
