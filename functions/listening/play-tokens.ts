/**
 * Play tokens: what the server hands a player when a play starts, and reads back when the play is reported. Stateless
 * and cheap on the ingest path: the claims (listener, track, start) in base64url JSON, then an HMAC-SHA256 of them with
 * a key of their own derived from the session secret (`playTokenKey`, the one place to repoint it).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { PlayStart } from './domain/plays.js';
import { secret } from '../platform/env.js';

let derived: { secret: string; key: Buffer } | undefined;
/** The tokens' key: derived from SESSION_SECRET for plays alone, so it is never the session key itself. */
function playTokenKey(): Buffer {
  const value = secret('SESSION_SECRET');
  if (derived?.secret !== value) derived = { secret: value, key: Buffer.from(hkdfSync('sha256', value, 'toko', 'play tokens', 32)) };
  return derived.key;
}

const signatureOf = (claims: string) => createHmac('sha256', playTokenKey()).update(claims).digest();

export function issuePlayToken(start: PlayStart): string {
  const claims = Buffer.from(JSON.stringify({ l: start.listenerId, t: start.trackId, s: start.startedAt })).toString('base64url');
  return `${claims}.${signatureOf(claims).toString('base64url')}`;
}

/** The start a token names, or `bad_token` when it is not one this server signed (forged, altered, garbled). */
export function readPlayToken(token: string): PlayStart | 'bad_token' {
  const [claims, signature, ...rest] = token.split('.');
  if (!claims || !signature || rest.length > 0) return 'bad_token';
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(claims);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_token';
  try {
    const { l, t, s } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof l !== 'string' || typeof t !== 'string' || typeof s !== 'number' || !Number.isFinite(s)) return 'bad_token';
    return { listenerId: l, trackId: t, startedAt: s };
  } catch {
    return 'bad_token';
  }
}
