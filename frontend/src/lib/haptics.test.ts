import { describe, expect, it } from 'vitest';
import { haptic } from './haptics';

const device = () => {
  const patterns: number[][] = [];
  return { patterns, vibrate: (pattern: number[]) => patterns.push(pattern) > 0 };
};

describe('haptic feedback', () => {
  it('vibrates 10 ms for a tap, 5-5-5 for a choice and 10-50-10 for an outcome', () => {
    const phone = device();
    expect(haptic('impact', phone)).toBe(true);
    haptic('selection', phone);
    haptic('notification', phone);
    expect(phone.patterns).toEqual([[10], [5, 5, 5], [10, 50, 10]]);
  });

  it('stays silent where the browser cannot vibrate or refuses to', () => {
    expect(haptic('impact', {})).toBe(false);
    expect(haptic('impact', undefined)).toBe(false);
    const refusing = {
      vibrate: () => {
        throw new DOMException('Blocked by permissions policy', 'NotAllowedError');
      },
    };
    expect(haptic('notification', refusing)).toBe(false);
  });
});
