/**
 * Sessions: a signed JWT (jose, HS256) in an HttpOnly cookie, or a bearer token for API clients.
 * The token names only the user and the session: role and tier are read from the users view on
 * every request, so a tier a webhook changes applies at once. Rolling (a cookie past half its life
 * is re-issued) and revocable (logout revokes the session id; blocking an account, all of its sessions).
 * An admin's session lives only while it is used: one that passed the second factor is recorded in
 * `ephemeral`, its last activity refreshed at most once a minute by the admin's own requests (not the app's
 * background polling), and it ends after an hour idle or 12 hours after its sign-in, whichever comes first.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { serialize } from 'cookie';
import { errors, jwtVerify, SignJWT } from 'jose';
import * as z from 'zod/mini';
import type { AdminPermission } from '../../events/index.js';
import { dynamoClient } from './aws.js';
import type { Authorizer } from './authorizer.js';
import { env, secret } from './env.js';

/**
 * `__Host-`: the browser keeps it only if it is Secure, for the whole site and of this host alone (no Domain), so no
 * sibling subdomain can set or overwrite it.
 */
export const SESSION_COOKIE = '__Host-toko_session';
const SESSION_TTL_SECONDS = 30 * 24 * 3600;

const claimsSchema = z.object({
  sub: z.string().check(z.minLength(1)),
  sid: z.string().check(z.minLength(1)),
  iat: z.number(),
});

export interface Session {
  userId: string;
  sessionId: string;
  role: 'user' | 'admin';
  /** What an admin may do; none for a listener. */
  permissions: AdminPermission[];
  tier: 'free' | 'toko_plus';
}

/** Who pays member prices: a Toko+ member, or an admin. */
export const isSubscriber = (session: Session | null) => session?.tier === 'toko_plus' || session?.role === 'admin';

const key = () => new TextEncoder().encode(secret('SESSION_SECRET'));

/** A token for the user's session; role and tier, if given, are ignored (they are read at request time). */
export async function issueSessionToken(
  user: { userId: string; sessionId?: string } & Partial<Pick<Session, 'role' | 'tier' | 'permissions'>>,
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

/**
 * An admin's session ends this long after the admin's last own request. Shorter than the absolute limit, or it would
 * never be the one that ends a session: a console left open ends within the hour, whatever it polls.
 */
export const ADMIN_IDLE_SECONDS = 3600;
/** An admin's session ends this long after its sign-in, however busy. */
const ADMIN_SESSION_MAX_SECONDS = 12 * 3600;
/** An admin's activity is written at most this often (one write a minute, not one per request). */
const ADMIN_ACTIVITY_STEP_SECONDS = 60;
const adminActivityKey = (sessionId: string) => ({ pk: `admin-session#${sessionId}`, sk: 'activity' });

/** Marks an admin's session as signed in with the second factor now: its 12 hours start, and it is active. */
export async function recordAdminActivity(sessionId: string, now = new Date()): Promise<void> {
  const signedInAt = Math.floor(now.getTime() / 1000);
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: { ...adminActivityKey(sessionId), signedInAt, lastActiveAt: signedInAt, expiresAt: signedInAt + ADMIN_SESSION_MAX_SECONDS },
    }),
  );
}

/** Moves an admin's idle clock; the sign-in time stays (one recorded before it was kept starts at its last activity). */
async function touchAdminSession(sessionId: string, lastActiveAt: number, signedInAt: number): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: env().TABLE_EPHEMERAL,
      Key: adminActivityKey(sessionId),
      UpdateExpression: 'SET lastActiveAt = :at, signedInAt = if_not_exists(signedInAt, :signedIn), expiresAt = :expires',
      ExpressionAttributeValues: {
        ':at': lastActiveAt,
        ':signedIn': signedInAt,
        ':expires': Math.min(lastActiveAt + ADMIN_IDLE_SECONDS, signedInAt + ADMIN_SESSION_MAX_SECONDS),
      },
    }),
  );
}

/**
 * Whether an admin's session passed the second factor, was used within its idle limit (an hour) and began less than
 * 12 hours ago; the admin's own request (not a background one) moves its idle clock.
 */
async function adminSessionAlive(sessionId: string, now: Date, background: boolean): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: adminActivityKey(sessionId), ConsistentRead: true }),
  );
  const lastActiveAt = out.Item?.lastActiveAt as number | undefined;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (lastActiveAt === undefined || nowSeconds - lastActiveAt >= ADMIN_IDLE_SECONDS) return false;
  const signedInAt = (out.Item?.signedInAt as number | undefined) ?? lastActiveAt;
  if (nowSeconds - signedInAt >= ADMIN_SESSION_MAX_SECONDS) return false;
  if (!background && nowSeconds - lastActiveAt >= ADMIN_ACTIVITY_STEP_SECONDS) await touchAdminSession(sessionId, nowSeconds, signedInAt);
  return true;
}

/**
 * The header the app sends on requests it makes by itself (polling while nobody touches the page): they are answered,
 * but they do not keep an admin's session alive.
 */
export const BACKGROUND_HEADER = 'x-toko-background';
export const isBackgroundRequest = (headers: Record<string, string | undefined>) => headers[BACKGROUND_HEADER] === '1';

export type TokenSource = 'cookie' | 'bearer';

interface ResolvedSession {
  session: Session;
  /** A fresh token for the same session when this one is past half its life (rolling expiry). */
  renewedToken?: string;
}

/**
 * Verifies a token and reads who it is now (asked of the authorizer); an invalid, expired or revoked token, one of a user
 * that does not exist or is blocked, or an admin's that did not pass the second factor, sat idle an hour or began 12
 * hours ago, yields null.
 */
export async function resolveSession(
  authorizer: Authorizer,
  token: string,
  now = new Date(),
  { background = false } = {},
): Promise<ResolvedSession | null> {
  let claims: z.infer<typeof claimsSchema>;
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], currentDate: now });
    claims = claimsSchema.parse(payload);
  } catch {
    return null;
  }
  const [revoked, user] = await Promise.all([
    dynamoClient().send(new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: revokedKey(claims.sid), ConsistentRead: true })),
    authorizer.caller(claims.sub, now),
  ]);
  if (revoked.Item || !user || user.blocked) return null;
  // Revoked up to that instant (blocked, or the address first proved), but for the sessions opened in its second after it.
  if (user.sessionsRevokedAt && claims.iat * 1000 <= Date.parse(user.sessionsRevokedAt) && !user.sessionsKept.includes(claims.sid))
    return null;
  if (user.role === 'admin' && !(await adminSessionAlive(claims.sid, now, background))) return null;
  const session: Session = { userId: user.userId, sessionId: claims.sid, role: user.role, permissions: user.permissions, tier: user.tier };
  const age = now.getTime() / 1000 - claims.iat;
  const renewedToken = age > SESSION_TTL_SECONDS / 2 ? await issueSessionToken(session, now) : undefined;
  return { session, renewedToken };
}

/**
 * A token this app cannot read: malformed, tampered, signed with another key (a rotated secret) or with claims of
 * another shape. An expired one is not corrupted, only over. Asked only of a token resolveSession refused.
 */
export async function isCorruptedSessionToken(token: string, now = new Date()): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], currentDate: now });
    return !claimsSchema.safeParse(payload).success;
  } catch (error) {
    return !(error instanceof errors.JWTExpired);
  }
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
