/**
 * Sign-in challenges in `ephemeral`: one per e-mail address, holding only HMACs of its 6-digit code
 * and of its magic-link token, for 15 minutes; single use; dead after 5 wrong codes. Issuing is
 * rate-limited per address and per IP. The code and token themselves leave only in the mail job.
 */
import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { invalid, rateLimited } from '../platform/errors.js';
import { normalizeEmail } from './domain/user.js';
import { dynamoClient } from '../platform/aws.js';
import { env, secret } from '../platform/env.js';

export const CODE_LENGTH = 6;
export const CHALLENGE_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;
/** Sign-in messages per address: 5 per 15 minutes and 20 a day. */
const EMAIL_LIMITS = [
  { limit: 5, windowSeconds: 15 * 60 },
  { limit: 20, windowSeconds: 24 * 3600 },
] as const;
const IP_WINDOW_SECONDS = 15 * 60;

export const signInIntentSchemaValues = ['cart_checkout', 'subscribe', 'free'] as const;
export type SignInIntent = (typeof signInIntentSchemaValues)[number];

interface Challenge {
  email: string;
  intent: SignInIntent | null;
  displayName: string | null;
}

interface StoredChallenge extends Challenge {
  codeHmac: string;
  linkHmac: string;
  attempts: number;
  expiresAt: number;
}

const challengeKey = (email: string) => ({ pk: `sign-in#${normalizeEmail(email)}`, sk: 'challenge' });
const linkKey = (linkHmac: string) => ({ pk: `magic-link#${linkHmac}`, sk: 'link' });
const table = () => env().TABLE_EPHEMERAL;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const isConditionFailure = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';

let derived: { secret: string; key: Buffer } | undefined;
/** A key of its own for challenges, derived from SESSION_SECRET (never the session key itself). */
function hmacKey(): Buffer {
  const value = secret('SESSION_SECRET');
  if (derived?.secret !== value) derived = { secret: value, key: Buffer.from(hkdfSync('sha256', value, 'toko', 'sign-in challenges', 32)) };
  return derived.key;
}

export const hmac = (purpose: string, value: string) =>
  createHmac('sha256', hmacKey()).update(`${purpose}\u0000${value}`).digest('base64url');

function sameHmac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** IPv6 clients are counted by their /64, which one household or host usually holds whole. */
export function ipBucket(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((h) => h.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Counts one hit in a fixed window; past the limit it refuses with `message`. */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number, now: Date, message: (minutes: number) => string) {
  const window = Math.floor(seconds(now) / windowSeconds);
  const windowEnd = (window + 1) * windowSeconds;
  const out = await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: `rate#${key}#${windowSeconds}#${window}`, sk: 'count' },
      UpdateExpression: 'ADD hits :one SET expiresAt = :expires',
      ExpressionAttributeValues: { ':one': 1, ':expires': windowEnd + 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if ((out.Attributes?.hits as number) > limit) {
    throw rateLimited('rate_limited', message(Math.max(1, Math.ceil((windowEnd - seconds(now)) / 60))));
  }
}

/** Refuses a new sign-in message beyond the address's and the IP's allowance. */
export async function limitSignInMessages(email: string, ip: string, now: Date) {
  for (const { limit, windowSeconds } of EMAIL_LIMITS) {
    await hitRateLimit(
      `sign-in-email#${normalizeEmail(email)}`,
      limit,
      windowSeconds,
      now,
      (m) => `Too many sign-in codes were requested for this email. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`,
    );
  }
  await hitRateLimit(
    `sign-in-ip#${ipBucket(ip)}`,
    env().SIGNIN_LIMIT_PER_IP,
    IP_WINDOW_SECONDS,
    now,
    (m) => `Too many sign-in requests from your network. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`,
  );
}

/** A fresh challenge for the address (the previous one, if any, dies): the code and link token to mail. */
export async function issueChallenge(challenge: Challenge, now: Date): Promise<{ code: string; linkToken: string }> {
  const email = normalizeEmail(challenge.email);
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const linkToken = randomBytes(32).toString('base64url');
  const linkHmac = hmac('link', linkToken);
  const expiresAt = seconds(now) + CHALLENGE_MINUTES * 60;
  const stored: StoredChallenge = { ...challenge, email, codeHmac: hmac('code', `${email}:${code}`), linkHmac, attempts: 0, expiresAt };
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: { ...challengeKey(email), ...stored } }));
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: { ...linkKey(linkHmac), email, expiresAt } }));
  return { code, linkToken };
}

const invalidCode = () => invalid('invalid_code', 'Invalid or expired code');

/** Why a mailed code has no try left: out of tries (while it lives), expired, or never there (or already used). */
type CodeTryRefusal = 'too_many' | 'expired' | 'missing';

/**
 * Counts one try of a mailed code kept at `key` in `ephemeral` (each try counts, so a code cannot be guessed by trying):
 * the stored item after the count, or why no try is left.
 */
export async function countCodeTry<T>(key: { pk: string; sk: string }, now: Date): Promise<{ stored: T } | { refused: CodeTryRefusal }> {
  try {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_CODE_ATTEMPTS, ':now': seconds(now) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { stored: out.Attributes as T };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = (await dynamoClient().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item as
      | { expiresAt: number }
      | undefined;
    // Still alive yet refused: its tries are spent.
    return { refused: !existing ? 'missing' : existing.expiresAt > seconds(now) ? 'too_many' : 'expired' };
  }
}

/** Checks a code: each try counts, the fifth wrong one kills the challenge, a right one consumes it. */
export async function redeemCode(emailInput: string, code: string, now: Date): Promise<Challenge> {
  const email = normalizeEmail(emailInput);
  const counted = await countCodeTry<StoredChallenge>(challengeKey(email), now);
  if ('refused' in counted) {
    if (counted.refused === 'too_many') throw rateLimited('too_many_attempts', 'Too many wrong codes. Please request a new code.');
    if (counted.refused === 'expired') throw invalid('code_expired', 'This code has expired. Please request a new code.');
    throw invalidCode();
  }
  const challenge = counted.stored;
  const codeHmac = hmac('code', `${email}:${code}`);
  if (!sameHmac(codeHmac, challenge.codeHmac)) {
    const left = MAX_CODE_ATTEMPTS - challenge.attempts;
    if (left <= 0) throw rateLimited('too_many_attempts', 'Too many wrong codes. Please request a new code.');
    throw invalid('invalid_code', `Invalid or expired code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  return consume(email, 'codeHmac', codeHmac, challenge);
}

/** Checks a magic-link token: it works once, while its challenge lives, and uses the code up with it. */
export async function redeemLink(token: string, now: Date): Promise<Challenge> {
  const linkHmac = hmac('link', token);
  const invalidLink = () => invalid('invalid_link', 'This sign-in link is invalid or has expired. Please request a new one.');
  const link = (await dynamoClient().send(new GetCommand({ TableName: table(), Key: linkKey(linkHmac), ConsistentRead: true }))).Item;
  if (!link || (link.expiresAt as number) <= seconds(now)) throw invalidLink();
  const email = link.email as string;
  const challenge = (await dynamoClient().send(new GetCommand({ TableName: table(), Key: challengeKey(email), ConsistentRead: true })))
    .Item as StoredChallenge | undefined;
  if (!challenge || challenge.expiresAt <= seconds(now) || !sameHmac(challenge.linkHmac, linkHmac)) throw invalidLink();
  await dynamoClient().send(new DeleteCommand({ TableName: table(), Key: linkKey(linkHmac) }));
  return consume(email, 'linkHmac', linkHmac, challenge, invalidLink);
}

/** Deletes the challenge only if it is still the one checked: of two concurrent redeemers one wins. */
async function consume(
  email: string,
  field: 'codeHmac' | 'linkHmac',
  value: string,
  challenge: StoredChallenge,
  refused = invalidCode,
): Promise<Challenge> {
  try {
    await dynamoClient().send(
      new DeleteCommand({
        TableName: table(),
        Key: challengeKey(email),
        ConditionExpression: '#f = :v',
        ExpressionAttributeNames: { '#f': field },
        ExpressionAttributeValues: { ':v': value },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw refused();
    throw error;
  }
  return { email, intent: challenge.intent ?? null, displayName: challenge.displayName ?? null };
}
