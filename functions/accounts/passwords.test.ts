import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

/** A hash as an earlier version stored it, under its own cost parameters. */
const hashUnder = (password: string, N: number, r: number, p: number) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

describe('passwords', () => {
  it("stores a salted scrypt hash at OWASP's cost (N = 2^17, r = 8, p = 1) and checks it", async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    expect(await verifyPassword('correct horse', null)).toBe(false);
    expect(await verifyPassword('correct horse', 'garbage')).toBe(false);
  });

  it('still verifies a hash made at the earlier cost (N = 2^14), and refuses one asking for more memory than allowed', async () => {
    const older = hashUnder('correct horse', 2 ** 14, 8, 1);
    expect(await verifyPassword('correct horse', older)).toBe(true);
    expect(await verifyPassword('wrong horse', older)).toBe(false);
    const greedy = older.replace(/^scrypt\$16384\$/, `scrypt$${2 ** 20}$`);
    expect(await verifyPassword('correct horse', greedy)).toBe(false);
  });
});
