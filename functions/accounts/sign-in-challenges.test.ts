import { describe, expect, it } from 'vitest';
import { ipBucket } from './sign-in-challenges.js';

describe('rate-limit buckets', () => {
  it('counts IPv4 by address and IPv6 by /64', () => {
    expect(ipBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(ipBucket('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(ipBucket('2001:0db8:0000:0001:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(ipBucket('::1')).toBe('0:0:0:0::/64');
  });
});
