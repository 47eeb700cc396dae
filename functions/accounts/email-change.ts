/**
 * A listener moves their account to a new e-mail address, confirmed by both: a code mailed to the address in force
 * (kept only as an HMAC, 15 minutes, 5 tries, a new request replacing the old code), or a fresh sign-in (a session
 * opened by a code or link mailed to that address in the last 10 minutes proved it just as well), then a link mailed
 * to the new one (email-verification.ts). The old address stays in force until the new one is confirmed. An account
 * whose address was never proved has nothing in force to protect: its pending address is replaced at once.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, invalid, rateLimited, unauthorized } from '../platform/errors.js';
import { emailReservation, normalizeEmail, signedInFreshly } from './domain/user.js';
import type { UserView } from './projections/users.js';
import { dynamoClient } from '../platform/aws.js';
import { sendEmailVerification } from './email-verification.js';
import { env } from '../platform/env.js';
import { emailChangeCodeMail, enqueueMail } from '../platform/mail.js';
import { CHALLENGE_MINUTES, CODE_LENGTH, countCodeTry, hmac, limitSignInMessages, MAX_CODE_ATTEMPTS } from './sign-in-challenges.js';
import { EMAIL_TAKEN, freshUser, loadUser, runUserCommand } from './users.js';
import type { CommandContext } from '../platform/command.js';

type Caller = Omit<CommandContext, 'actor'> & { at: Date; sourceIp: string };

const changeKey = (userId: string) => ({ pk: `email-change#${userId}`, sk: 'code' });
const table = () => env().TABLE_EPHEMERAL;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const isConditionFailure = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';
const codeHmac = (userId: string, email: string, code: string) => hmac('email change', `${userId}:${email}:${code}`);

type EmailChangeStart =
  | { step: 'code_sent'; user: UserView; currentEmail: string; minutes: number }
  /** The new address was sent its link at once: nothing was in force, or the session had just signed in (`freshSignIn`). */
  | { step: 'confirmation_sent'; user: UserView; freshSignIn: boolean };

async function signedInUser(userId: string): Promise<UserView> {
  const user = await freshUser(userId);
  if (!user) throw unauthorized('unauthorized', 'Not authenticated');
  return user;
}

/**
 * Starts moving the account to `newEmail`: a code to the address in force, or, when nothing is in force yet or the
 * session signed in freshly, the change asked at once and the new address sent its confirmation link.
 */
export async function startEmailChange(
  session: { userId: string; sessionId: string },
  newEmailInput: string,
  caller: Caller,
): Promise<EmailChangeStart> {
  const { userId } = session;
  const by = { sessionId: session.sessionId, at: caller.at.toISOString() };
  const user = await signedInUser(userId);
  const newEmail = normalizeEmail(newEmailInput);
  if (newEmail === user.email && user.emailVerified) throw invalid('same_email', 'This is already your e-mail address');
  const owner = await caller.eventStore.reservationOwner(emailReservation(newEmail));
  if (owner && owner !== userId) throw conflict('email_taken', EMAIL_TAKEN);
  await limitSignInMessages(newEmail, caller.sourceIp, caller.at);
  const freshSignIn = user.emailVerified && signedInFreshly(await loadUser(userId), by);
  if (!user.emailVerified || freshSignIn) {
    const changed = await runUserCommand(
      userId,
      { type: 'RequestEmailChange', email: newEmail, codeVerified: false, by },
      { ...caller, actor: userId },
    );
    await sendEmailVerification(userId, newEmail, caller.at);
    return { step: 'confirmation_sent', user: changed, freshSignIn };
  }
  await limitSignInMessages(user.email, caller.sourceIp, caller.at);
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const item = {
    ...changeKey(userId),
    newEmail,
    codeHmac: codeHmac(userId, newEmail, code),
    attempts: 0,
    expiresAt: seconds(caller.at) + CHALLENGE_MINUTES * 60,
  };
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: item }));
  await enqueueMail(emailChangeCodeMail(user.email, newEmail, code, CHALLENGE_MINUTES), `email-change-${randomUUID()}`);
  return { step: 'code_sent', user, currentEmail: user.email, minutes: CHALLENGE_MINUTES };
}

const expired = () => invalid('invalid_code', 'Invalid or expired code. Please ask for a new code.');
const tooMany = () => rateLimited('too_many_attempts', 'Too many wrong codes. Please ask for a new code.');

/** Checks the code as sign-in codes are checked: each try counts, the fifth wrong one kills it, the right one is used up. */
async function redeemChangeCode(userId: string, code: string, now: Date): Promise<string> {
  const counted = await countCodeTry<{ codeHmac: string; attempts: number; newEmail: string }>(changeKey(userId), now);
  if ('refused' in counted) throw counted.refused === 'too_many' ? tooMany() : expired();
  const stored = counted.stored;
  const given = Buffer.from(codeHmac(userId, stored.newEmail, code));
  const expected = Buffer.from(stored.codeHmac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const left = MAX_CODE_ATTEMPTS - stored.attempts;
    if (left <= 0) throw tooMany();
    throw invalid('invalid_code', `Invalid or expired code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  try {
    await dynamoClient().send(
      new DeleteCommand({
        TableName: table(),
        Key: changeKey(userId),
        ConditionExpression: 'codeHmac = :h',
        ExpressionAttributeValues: { ':h': stored.codeHmac },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw expired();
    throw error;
  }
  return stored.newEmail;
}

/** With the code from the address in force: the new address is asked for, and sent the link that confirms it. */
export async function confirmEmailChange(
  session: { userId: string; sessionId: string },
  code: string,
  caller: Caller,
): Promise<{ user: UserView; newEmail: string }> {
  const { userId } = session;
  const newEmail = await redeemChangeCode(userId, code, caller.at);
  const owner = await caller.eventStore.reservationOwner(emailReservation(newEmail));
  if (owner && owner !== userId) throw conflict('email_taken', EMAIL_TAKEN);
  const user = await runUserCommand(
    userId,
    { type: 'RequestEmailChange', email: newEmail, codeVerified: true, by: { sessionId: session.sessionId, at: caller.at.toISOString() } },
    { ...caller, actor: userId },
  );
  await sendEmailVerification(userId, newEmail, caller.at);
  return { user, newEmail };
}
