/**
 * The pending checkout intent: what a guest meant to do (check out, with or without Toko+) kept for
 * ten minutes across signing in, under an id in an HttpOnly cookie. Reading it changes nothing; taking it (a POST)
 * hands it back once and clears it.
 */
import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { serialize } from 'cookie';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';

export const PENDING_COOKIE = 'toko_pending';
const PENDING_SECONDS = 600;

interface PendingAction {
  action: string;
  includeSubscription: boolean;
  ts: number;
}

const key = (id: string) => ({ pk: `pending-action#${id}`, sk: 'intent' });
const isPendingId = (id: string | undefined): id is string => id !== undefined && /^[\w-]{22,64}$/.test(id);

/** The cookie that names the intent; without an id, the cookie that clears it. */
export function pendingActionCookie(id?: string): string {
  return serialize(PENDING_COOKIE, id ?? '', {
    path: '/api/auth',
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    maxAge: id ? PENDING_SECONDS : 0,
  });
}

/** Keeps the intent under the cookie's id when it has a valid one, else under a new id; answers the id. */
export async function savePendingAction(cookieId: string | undefined, pending: PendingAction, now: Date): Promise<string> {
  const id = isPendingId(cookieId) ? cookieId : randomBytes(24).toString('base64url');
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: { ...key(id), ...pending, expiresAt: Math.floor(now.getTime() / 1000) + PENDING_SECONDS },
    }),
  );
  return id;
}

/** What is kept of an item, unless it expired (the table's TTL removes items late, so the time is checked here). */
function intentOf(item: Record<string, unknown> | undefined, now: Date): PendingAction | undefined {
  if (!item || (item.expiresAt as number) <= Math.floor(now.getTime() / 1000)) return undefined;
  return { action: item.action as string, includeSubscription: item.includeSubscription as boolean, ts: item.ts as number };
}

/** The intent kept under this id, unless it expired; it stays kept. */
export async function readPendingAction(id: string | undefined, now: Date): Promise<PendingAction | undefined> {
  if (!isPendingId(id)) return undefined;
  const out = await dynamoClient().send(new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: key(id), ConsistentRead: true }));
  return intentOf(out.Item, now);
}

/** The intent kept under this id, cleared in the same write: of two tabs taking it at once, only one gets it. */
export async function takePendingAction(id: string | undefined, now: Date): Promise<PendingAction | undefined> {
  if (!isPendingId(id)) return undefined;
  const out = await dynamoClient().send(new DeleteCommand({ TableName: env().TABLE_EPHEMERAL, Key: key(id), ReturnValues: 'ALL_OLD' }));
  return intentOf(out.Attributes, now);
}
