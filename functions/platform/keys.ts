/**
 * Keys derived with HKDF for one purpose each, from the secret that purpose belongs to. The second factor and the
 * download links each have a secret of their own, apart from the session secret: rotating the session secret after a
 * leak (docs/rotating-secrets.md) signs everyone out, but leaves every admin's authenticator app and every download link
 * as they were.
 */
import { hkdfSync } from 'node:crypto';
import { secret } from './env.js';

type KeySecret = 'SECOND_FACTOR_SECRET' | 'DOWNLOAD_LINK_SECRET';

const derived = new Map<string, Buffer>();

/** 32 bytes for `purpose` from `secret`; the same secret and purpose always give the same key. */
export function derivedKey(from: KeySecret, purpose: string): Buffer {
  const value = secret(from);
  const id = `${purpose}\u0000${value}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', value, 'toko', purpose, 32));
    derived.set(id, key);
  }
  return key;
}
