/**
 * Sessions: a signed JWT (jose, HS256) in an HttpOnly cookie, or a bearer token for API clients.
 * The token names only the user and the session: role and tier are read from the users view on
 * every request, so a tier a webhook changes applies at once. Rolling (a cookie past half its life
 * is re-issued) and revocable (logout revokes the session id; blocking an account, all of its sessions).
 * An admin's session lives only while it is used: one that passed the second factor is recorded in
 * `ephemeral`, its last activity refreshed at most once a minute, and it ends after 12 hours idle.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { serialize } from 'cookie';
import { jwtVerify, SignJWT } from 'jose';
import * as z from 'zod';
import { dynamoClient } from './aws.js';
import { env } from './env.js';
import { accessOf, freshUser } from './users.js';

/**
 * `__Host-`: the browser keeps it only if it is Secure, for the whole site and of this host alone (no Domain), so no
 * sibling subdomain can set or overwrite it.
 */
export const SESSION_COOKIE = '__Host-toko_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const claimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  iat: z.number(),
});

export interface Session {
  userId: string;
  sessionId: string;
  role: 'user' | 'admin';
  tier: 'free' | 'toko_plus';
}

/** Who pays member prices: a Toko+ member, or an admin. */
export const isSubscriber = (session: Session | null) => session?.tier === 'toko_plus' || session?.role === 'admin';

const key = () => new TextEncoder().encode(env().SESSION_SECRET);

/** A token for the user's session; role and tier, if given, are ignored (they are read at request time). */
export async function issueSessionToken(
  user: { userId: string; sessionId?: string } & Partial<Pick<Session, 'role' | 'tier'>>,
  now = new Date(),
  ttlSeconds = SESSION_TTL_SECONDS,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: user.sessionId ?? randomUUID() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key());
}

export function sessionCookie(token: string, maxAgeSeconds = SESSION_TTL_SECONDS): string {
  return serialize(SESSION_COOKIE, token, { path: '/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: maxAgeSeconds });
}

export function clearedSessionCookie(): string {
  return sessionCookie('', 0);
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

export const ADMIN_IDLE_SECONDS = 12 * 3600;
/** An admin's activity is written at most this often (one write a minute, not one per request). */
const ADMIN_ACTIVITY_STEP_SECONDS = 60;
const adminActivityKey = (sessionId: string) => ({ pk: `admin-session#${sessionId}`, sk: 'activity' });

/** Marks an admin's session as signed in with the second factor, and active now. */
export async function recordAdminActivity(sessionId: string, now = new Date()): Promise<void> {
  const lastActiveAt = Math.floor(now.getTime() / 1000);
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: { ...adminActivityKey(sessionId), lastActiveAt, expiresAt: lastActiveAt + ADMIN_IDLE_SECONDS },
    }),
  );
}

/** Whether an admin's session passed the second factor and was used within 12 hours; refreshes its activity. */
async function adminSessionAlive(sessionId: string, now: Date): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: adminActivityKey(sessionId), ConsistentRead: true }),
  );
  const lastActiveAt = out.Item?.lastActiveAt as number | undefined;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (lastActiveAt === undefined || nowSeconds - lastActiveAt >= ADMIN_IDLE_SECONDS) return false;
  if (nowSeconds - lastActiveAt >= ADMIN_ACTIVITY_STEP_SECONDS) await recordAdminActivity(sessionId, now);
  return true;
}

export type TokenSource = 'cookie' | 'bearer';

export interface ResolvedSession {
  session: Session;
  /** A fresh token for the same session when this one is past half its life (rolling expiry). */
  renewedToken?: string;
}

/**
 * Verifies a token and reads who it is now; an invalid, expired or revoked token, one of a user that does not
 * exist or is blocked, or an admin's that did not pass the second factor or sat idle 12 hours, yields null.
 */
export async function resolveSession(token: string, now = new Date()): Promise<ResolvedSession | null> {
  let claims: z.infer<typeof claimsSchema>;
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], currentDate: now });
    claims = claimsSchema.parse(payload);
  } catch {
    return null;
  }
  const [revoked, user] = await Promise.all([
    dynamoClient().send(new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: revokedKey(claims.sid), ConsistentRead: true })),
    freshUser(claims.sub),
  ]);
  if (revoked.Item || !user || user.blocked) return null;
  // Revoked up to that instant (blocked, or the address first proved), but for the sessions opened in its second after it.
  if (user.sessionsRevokedAt && claims.iat * 1000 <= Date.parse(user.sessionsRevokedAt) && !user.sessionsKept.includes(claims.sid))
    return null;
  if (user.role === 'admin' && !(await adminSessionAlive(claims.sid, now))) return null;
  const session: Session = { userId: user.id, sessionId: claims.sid, ...accessOf(user, now) };
  const age = now.getTime() / 1000 - claims.iat;
  const renewedToken = age > SESSION_TTL_SECONDS / 2 ? await issueSessionToken(session, now) : undefined;
  return { session, renewedToken };
}

/** Verifies a token; an invalid, expired or revoked one yields null. */
export async function verifySessionToken(token: string, now = new Date()): Promise<Session | null> {
  return (await resolveSession(token, now))?.session ?? null;
}

export function sessionToken(
  headers: Record<string, string | undefined>,
  cookies: string[] | undefined,
): { token: string; source: TokenSource } | null {
  const auth = headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return { token: auth.slice(7).trim(), source: 'bearer' };
  const cookie = readCookie(cookies, SESSION_COOKIE);
  return cookie ? { token: cookie, source: 'cookie' } : null;
}
