/** Sessions: a signed JWT (jose, HS256) in an HttpOnly cookie, or a bearer token for API clients; revocable. */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { jwtVerify, SignJWT } from 'jose';
import * as z from 'zod';
import { dynamoClient } from './aws.js';
import { env } from './env.js';

export const SESSION_COOKIE = 'toko_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const claimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  role: z.enum(['user', 'admin']),
  tier: z.enum(['free', 'toko_plus']),
});

export interface Session {
  userId: string;
  sessionId: string;
  role: 'user' | 'admin';
  tier: 'free' | 'toko_plus';
}

const key = () => new TextEncoder().encode(env().SESSION_SECRET);

export async function issueSessionToken(
  user: Omit<Session, 'sessionId'> & { sessionId?: string },
  now = new Date(),
  ttlSeconds = SESSION_TTL_SECONDS,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: user.sessionId ?? randomUUID(), role: user.role, tier: user.tier })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key());
}

export function sessionCookie(token: string, maxAgeSeconds = SESSION_TTL_SECONDS): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

export function readCookie(cookies: string[] | undefined, name: string): string | undefined {
  for (const cookie of cookies ?? []) {
    for (const part of cookie.split(';')) {
      const [k, ...rest] = part.trim().split('=');
      if (k === name) return rest.join('=');
    }
  }
  return undefined;
}

const revokedKey = (sessionId: string) => ({ pk: `revoked-session#${sessionId}`, sk: 'revoked' });

export async function revokeSession(session: Session, now = new Date()): Promise<void> {
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: { ...revokedKey(session.sessionId), expiresAt: Math.floor(now.getTime() / 1000) + SESSION_TTL_SECONDS },
    }),
  );
}

export type TokenSource = 'cookie' | 'bearer';

/** Verifies a token; an invalid, expired or revoked one yields null. */
export async function verifySessionToken(token: string): Promise<Session | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'] });
    const claims = claimsSchema.parse(payload);
    const revoked = await dynamoClient().send(
      new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: revokedKey(claims.sid) }),
    );
    if (revoked.Item) return null;
    return { userId: claims.sub, sessionId: claims.sid, role: claims.role, tier: claims.tier };
  } catch {
    return null;
  }
}

export function sessionToken(headers: Record<string, string | undefined>, cookies: string[] | undefined): { token: string; source: TokenSource } | null {
  const auth = headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return { token: auth.slice(7).trim(), source: 'bearer' };
  const cookie = readCookie(cookies, SESSION_COOKIE);
  return cookie ? { token: cookie, source: 'cookie' } : null;
}
