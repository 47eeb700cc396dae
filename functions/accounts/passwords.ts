/**
 * Password hashing with scrypt (node:crypto): `scrypt$N$r$p$salt$hash`, compared in constant time. The cost parameters
 * travel with each hash, so a hash made under an older, lower cost still verifies after the cost is raised.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** OWASP's Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1 (128 MiB of memory per hash). */
const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/**
 * scrypt needs 128·N·r bytes; node refuses above `maxmem` (32 MiB by default). Twice today's need leaves room for the
 * stored hashes, none of which asks for more, and caps what a malformed hash could make a function allocate.
 */
const MAX_MEMORY = 2 * 128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...SCRYPT_PARAMS, maxmem: MAX_MEMORY });
  return ['scrypt', SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash made once, so that checking an unknown account costs as much as checking a known one. */
let decoy: Promise<string> | undefined;

/** False for a wrong password, a malformed hash or no hash at all (after the same work). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const hash = stored ?? (await (decoy ??= hashPassword('decoy-password')));
  const [scheme, n, r, p, salt, expected] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const wanted = Buffer.from(expected, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), wanted.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  }).catch(() => undefined);
  return stored !== null && key !== undefined && key.length === wanted.length && timingSafeEqual(key, wanted);
}
