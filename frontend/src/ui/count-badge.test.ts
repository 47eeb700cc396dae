import { describe, expect, it } from 'vitest';
import { countBadgeText } from './count-badge';

describe('the count badge of the cart and the bell', () => {
  it('caps at 9+, and shows none for nothing', () => {
    expect([0, -1, 1, 9, 10, 42].map(countBadgeText)).toEqual([null, null, '1', '9', '9+', '9+']);
  });
});
