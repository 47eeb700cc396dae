import { describe, expect, it } from 'vitest';
import { defaultVolume, parseRepeatMode, parseVolume } from '../../frontend/src/features/player/player-settings';

describe('stored player settings', () => {
  it('accept only off, all or one as the repeat mode, else off', () => {
    expect(['off', 'all', 'one'].map(parseRepeatMode)).toEqual(['off', 'all', 'one']);
    expect([null, '', 'ALL', 'shuffle', '"one"'].map(parseRepeatMode)).toEqual(['off', 'off', 'off', 'off', 'off']);
  });

  it('clamp a stored volume to 0..1 and fall back when it is missing or not a number', () => {
    expect(parseVolume('0.4', 0.75)).toBe(0.4);
    expect(parseVolume('7', 0.75)).toBe(1);
    expect(parseVolume('-1', 0.75)).toBe(0);
    expect(parseVolume(null, 0.75)).toBe(0.75);
    expect(parseVolume('', 1)).toBe(1);
    expect(parseVolume('loud', 1)).toBe(1);
    expect(parseVolume('Infinity', 0.75)).toBe(0.75);
  });

  it('default to full volume on phones (below 768 px) and 0.75 on larger screens', () => {
    expect(defaultVolume(360)).toBe(1);
    expect(defaultVolume(767)).toBe(1);
    expect(defaultVolume(768)).toBe(0.75);
    expect(defaultVolume(1440)).toBe(0.75);
  });
});
