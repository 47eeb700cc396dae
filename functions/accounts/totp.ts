/**
 * The admins' second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step either way) with otpauth,
 * the secret sealed with AES-256-GCM before it goes into the event log, and the single-use recovery codes.
 *
 * The sealing key is derived with HKDF from the second factor's own secret (SECOND_FACTOR_SECRET, from the secret store,
 * never the log) for this purpose alone, so rotating the session secret locks no admin out; the user id is the additional data, so a sealed secret copied onto another account does not open.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { brand } from '../../events/brand.js';
import { RECOVERY_CODE_COUNT } from '../../events/index.js';
import { derivedKey } from '../platform/keys.js';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Codes of the step before and the step after are accepted too (a phone's clock drifts; typing takes time). */
const WINDOW = 1;
const SEALED_VERSION = 'v1';

const keyFor = (purpose: string) => derivedKey('SECOND_FACTOR_SECRET', purpose);

/** The secret (base32) sealed for this user: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealTotpSecret(userId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor('admin totp secret'), iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [SEALED_VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openTotpSecret(userId: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== SEALED_VERSION || !iv || !tag || !ciphertext) throw new Error('Unknown sealed TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyFor('admin totp secret'), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

const totpOf = (base32: string, label = '') =>
  new TOTP({ issuer: brand.product, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(base32) });

/** A fresh secret (160 bits, as RFC 4226 recommends) and the otpauth:// URI an authenticator app reads from the QR code. */
export function newTotpSecret(accountName: string): { secret: string; otpauthUri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUri: totpOf(secret, accountName).toString() };
}

/** The time step the code belongs to (within one step of `now`), or null for a wrong code. */
export function totpStep(base32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of `now` (for tests and the local sign-in helper: what the authenticator app would show). */
export const totpCode = (base32: string, now = new Date()) => totpOf(base32).generate({ timestamp: now.getTime() });

/** Recovery codes: ten groups `xxxxx-xxxxx` of an alphabet without look-alikes, about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/** What is stored of a recovery code: its HMAC under a key of its own, whatever the case, spaces or dashes typed. */
export function recoveryCodeHash(userId: string, code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHmac('sha256', keyFor('admin recovery codes')).update(`${userId}\u0000${normalized}`).digest('base64url');
}
