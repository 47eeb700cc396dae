/**
 * A listener deletes their own account: a code mailed to them (kept only as an HMAC, 15 minutes, 5 tries, requests
 * rate-limited, a new request replacing the old code), then, with the code, `AccountDeleted` on their stream (their
 * sessions end at once) and their notifications deleted, their data keys deleted (their personal fields read as placeholders from then on, in every
 * view, rebuild, export and history) and their e-mail and username reservations freed, so the address may open a new,
 * empty account. Their purchases and plays stay in the log and still count, by amount.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DELETED } from '../../events/index.js';
import { invalid, notFound, rateLimited } from '../domain/errors.js';
import { notificationsDecider, notificationsStream } from '../domain/notifications/notifications.js';
import { emailReservation, usernameReservation } from '../domain/user/user.js';
import { dynamoClient } from './aws.js';
import { env } from './env.js';
import { readStream, releaseReservation, type AppendContext } from './event-store.js';
import { accountDeletionMail, enqueueMail } from './mail.js';
import { runNotificationsCommand } from './notify.js';
import { personalData } from './personal-data.js';
import { CHALLENGE_MINUTES, CODE_LENGTH, hitRateLimit, hmac, MAX_CODE_ATTEMPTS } from './sign-in-challenges.js';
import { loadUser, runUserCommand } from './users.js';

/** Deletion codes one account may ask for per hour. */
export const DELETION_REQUESTS_PER_HOUR = 5;

const deletionKey = (userId: string) => ({ pk: `account-deletion#${userId}`, sk: 'code' });
const table = () => env().TABLE_EPHEMERAL;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const isConditionFailure = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';

async function liveAccount(userId: string) {
  const user = await loadUser(userId);
  if (!user.id || !user.email || user.email === DELETED.email) throw notFound('not_found', 'Account not found');
  return { ...user, email: user.email };
}

/** Mails a fresh code (the previous one dies); answers the address it went to. */
export async function requestAccountDeletion(userId: string, now: Date): Promise<{ email: string; minutes: number }> {
  const user = await liveAccount(userId);
  await hitRateLimit(
    `account-deletion#${userId}`,
    DELETION_REQUESTS_PER_HOUR,
    3600,
    now,
    (m) => `Too many deletion codes were requested. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`,
  );
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const item = {
    ...deletionKey(userId),
    codeHmac: hmac('account deletion', `${userId}:${code}`),
    attempts: 0,
    expiresAt: seconds(now) + CHALLENGE_MINUTES * 60,
  };
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: item }));
  await enqueueMail(accountDeletionMail(user.email, code, CHALLENGE_MINUTES), `account-deletion-${randomUUID()}`);
  return { email: user.email, minutes: CHALLENGE_MINUTES };
}

/** Checks the code as sign-in codes are checked: each try counts, the fifth wrong one kills it, the right one is used up. */
async function redeemDeletionCode(userId: string, code: string, now: Date): Promise<void> {
  let stored: { codeHmac: string; attempts: number };
  try {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: deletionKey(userId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_CODE_ATTEMPTS, ':now': seconds(now) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    stored = out.Attributes as typeof stored;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = (await dynamoClient().send(new GetCommand({ TableName: table(), Key: deletionKey(userId), ConsistentRead: true })))
      .Item as { attempts: number; expiresAt: number } | undefined;
    if (existing && existing.expiresAt > seconds(now))
      throw rateLimited('too_many_attempts', 'Too many wrong codes. Please request a new code.');
    throw invalid('invalid_code', 'Invalid or expired code. Please request a new code.');
  }
  const given = Buffer.from(hmac('account deletion', `${userId}:${code}`));
  const expected = Buffer.from(stored.codeHmac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const left = MAX_CODE_ATTEMPTS - stored.attempts;
    if (left <= 0) throw rateLimited('too_many_attempts', 'Too many wrong codes. Please request a new code.');
    throw invalid('invalid_code', `Invalid or expired code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  // Used up: only one request can get past here with it.
  try {
    await dynamoClient().send(
      new DeleteCommand({
        TableName: table(),
        Key: deletionKey(userId),
        ConditionExpression: 'codeHmac = :h',
        ExpressionAttributeValues: { ':h': stored.codeHmac },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw invalid('invalid_code', 'Invalid or expired code. Please request a new code.');
    throw error;
  }
}

/** With the mailed code: deletes the account as the module comment says. */
export async function confirmAccountDeletion(userId: string, code: string, context: AppendContext & { at: Date }): Promise<void> {
  await liveAccount(userId);
  await redeemDeletionCode(userId, code, context.at);
  await eraseAccount(userId, context);
}

/** The deletion itself, once its code is redeemed: the fact, the notifications, the keys and the reservations. */
export async function eraseAccount(userId: string, context: AppendContext & { at: Date }): Promise<void> {
  const user = await liveAccount(userId);
  // First the fact, which ends the sessions; then the keys, the address's own (a fan signup) before the account's.
  await runUserCommand(userId, { type: 'DeleteAccount' }, context);
  await personalData.forget(`email:${user.email}`, context.at);
  await releaseReservation(emailReservation(user.email), userId);
  if (user.username) await releaseReservation(usernameReservation(user.username), userId);
  await personalData.forget(`user:${userId}`, context.at);
  // Their notifications go with the account (their words may name them): deleted as the person deletes one. Read
  // after the keys are gone, so one the notifier sends meanwhile (a welcome racing the deletion) is either found here
  // or projected unreadable, in the live views as in a rebuild.
  const notifications = (await readStream(notificationsStream(userId))).reduce(
    notificationsDecider.evolve,
    notificationsDecider.initialState,
  );
  for (const [notificationId, { deleted }] of notifications.sent) {
    if (!deleted) await runNotificationsCommand({ type: 'Delete', userId, notificationId }, context);
  }
}
