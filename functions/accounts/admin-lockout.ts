/**
 * The lock of an admin's second step: consecutive wrong codes of the authenticator app (at sign-in or at a step-up,
 * across challenges) are counted in `ephemeral`; the fifth locks the second step for 15 minutes and records
 * AdminSecondStepLocked, whose mail tells the admin (someone may hold their password). A right code clears the count.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rateLimited } from '../platform/errors.js';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';
import { runUserCommand } from './users.js';
import type { CommandContext } from '../platform/command.js';

const LOCK_AFTER_WRONG_CODES = 5;
const SECOND_STEP_LOCK_MINUTES = 15;
/** How long a run of wrong codes is remembered without a right one. */
const COUNT_SECONDS = 24 * 3600;

const table = () => env().TABLE_EPHEMERAL;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const lockKey = (userId: string) => ({ pk: `admin-2fa-wrong#${userId}`, sk: 'count' });

const clock = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(11, 16);
const locked = (untilSeconds: number) =>
  rateLimited(
    'second_step_locked',
    `Too many wrong codes in a row: this account's second step is locked until ${clock(untilSeconds)} UTC. We have e-mailed you about it.`,
  );

/** Refuses the second step of an account while it is locked. */
export async function assertSecondStepOpen(userId: string, now: Date): Promise<void> {
  const item = (await dynamoClient().send(new GetCommand({ TableName: table(), Key: lockKey(userId), ConsistentRead: true }))).Item;
  const lockedUntil = item?.lockedUntil as number | undefined;
  if (lockedUntil !== undefined && lockedUntil > seconds(now)) throw locked(lockedUntil);
}

/** Counts a wrong code; the one that completes a run of five locks the second step (and throws why). */
export async function countWrongCode(userId: string, context: Omit<CommandContext, 'actor'> & { at: Date }): Promise<void> {
  const now = seconds(context.at);
  const out = await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: lockKey(userId),
      UpdateExpression: 'ADD wrong :one SET expiresAt = :expires',
      ExpressionAttributeValues: { ':one': 1, ':expires': now + COUNT_SECONDS },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const wrong = out.Attributes?.wrong as number;
  if (wrong % LOCK_AFTER_WRONG_CODES !== 0) return;
  const until = now + SECOND_STEP_LOCK_MINUTES * 60;
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: lockKey(userId),
      UpdateExpression: 'SET lockedUntil = :until',
      ExpressionAttributeValues: { ':until': until },
    }),
  );
  await runUserCommand(
    userId,
    { type: 'LockSecondStep', wrongCodes: LOCK_AFTER_WRONG_CODES, until: new Date(until * 1000).toISOString() },
    { ...context, actor: userId },
  );
  throw locked(until);
}

/** A right code ends the run of wrong ones. */
export async function clearWrongCodes(userId: string): Promise<void> {
  await dynamoClient().send(new DeleteCommand({ TableName: table(), Key: lockKey(userId) }));
}
