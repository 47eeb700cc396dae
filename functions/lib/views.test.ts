import { describe, expect, it } from 'vitest';
import type { ViewOp } from './projection.js';
import { checkpointKey, packCommits, type PendingCommit } from './views.js';

const commit = (stream: string, ...ops: ViewOp[]): PendingCommit => ({ checkpoint: checkpointKey('p', stream), ops });
const put = (pk: string): ViewOp => ({ kind: 'put', item: { pk, sk: 'item' } });
const add = (pk: string): ViewOp => ({ kind: 'update', key: { pk, sk: 'item' }, add: { plays: 1 } });

describe('packCommits', () => {
  it('writes the commits of different items in one transaction, in their order', () => {
    const commits = [commit('a', put('x')), commit('b', put('y')), commit('c')];
    expect(packCommits(commits)).toEqual([commits]);
  });

  it('puts two commits that write one item in different transactions', () => {
    const [a, b, c] = [commit('a', add('track')), commit('b', add('track')), commit('c', put('other'))];
    expect(packCommits([a, b, c])).toEqual([[a, c], [b]]);
  });

  it('keeps two commits of one stream apart (their checkpoints are one item)', () => {
    const [first, second] = [commit('a', put('x')), commit('a', put('y'))];
    expect(packCommits([first, second])).toEqual([[first], [second]]);
  });

  it('never packs more items into one transaction than DynamoDB takes', () => {
    const commits = Array.from({ length: 7 }, (_, i) => commit(`s${i}`, put(`x${i}`), put(`y${i}`)));
    const packs = packCommits(commits, 10);
    expect(packs.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(packs.flat()).toEqual(commits);
  });

  it('still writes a commit larger than a transaction on its own', () => {
    const big = commit('big', ...Array.from({ length: 12 }, (_, i) => put(`k${i}`)));
    const small = commit('small', put('z'));
    expect(packCommits([big, small], 10)).toEqual([[big], [small]]);
  });
});
