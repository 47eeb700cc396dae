import { describe, expect, it } from 'vitest';
import { moveItem } from './move-item';

describe('moving a track in its list', () => {
  it('moves an item down, up, to the ends', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('leaves the list as it was for a move off either end or onto itself, without changing the original', () => {
    const tracks = ['a', 'b'];
    expect(moveItem(tracks, 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(tracks, 1, 2)).toEqual(['a', 'b']);
    expect(moveItem(tracks, 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(tracks, 0, 1)).toEqual(['b', 'a']);
    expect(tracks).toEqual(['a', 'b']);
  });
});
