/**
 * An admin's sign-in after the right password: a second-step challenge in `ephemeral` (an opaque token kept only as
 * its HMAC, 10 minutes, dead after 5 wrong tries), then either the enrolment of an authenticator app (its secret
 * sealed in the challenge until a code confirms it) or a TOTP or recovery code. Tries are rate-limited per account
 * and per IP, and a TOTP code is used once: a step at or before the last one accepted is refused. Wrong codes in a
 * row, whatever the challenge, lock the account's second step for a while (functions/accounts/admin-lockout.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { invalid, rateLimited, unauthorized } from '../platform/errors.js';
import { requiresPassword } from './domain/user.js';
import type { UserView } from './projections/users.js';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';
import { assertSecondStepOpen, clearWrongCodes, countWrongCode } from './admin-lockout.js';
import { hitRateLimit, hmac, ipBucket } from './sign-in-challenges.js';
import { newRecoveryCodes, newTotpSecret, openTotpSecret, recoveryCodeHash, sealTotpSecret, totpStep } from './totp.js';
import { loadUser, runUserCommand } from './users.js';
import type { CommandContext } from '../platform/command.js';

const ADMIN_CHALLENGE_MINUTES = 10;
const MAX_SECOND_FACTOR_ATTEMPTS = 5;
/** Second-factor tries per account and per IP in 15 minutes. */
const TRY_LIMIT = { perAccount: 10, perIp: 50, windowSeconds: 15 * 60 };

type Caller = Omit<CommandContext, 'actor'> & { at: Date; sourceIp: string };

interface StoredChallenge {
  userId: string;
  attempts: number;
  expiresAt: number;
  /** The secret of an enrolment under way, sealed, until a code confirms it. */
  pendingSecret?: string;
}

type SecondStep = 'totp' | 'enrolment';

const table = () => env().TABLE_EPHEMERAL;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const challengeKey = (token: string) => ({ pk: `admin-challenge#${hmac('admin-challenge', token)}`, sk: 'challenge' });
const isConditionFailure = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';
const expired = () => unauthorized('challenge_expired', 'This sign-in has expired. Please enter your password again.');

/** The second step an admin who gave the right password goes on to: a token for it, and which step it is. */
export async function startSecondStep(user: Pick<UserView, 'id' | 'role' | 'totpEnrolled'>, now: Date) {
  if (!requiresPassword(user)) throw new Error('Only admin accounts have a second step');
  const challenge = randomBytes(32).toString('base64url');
  const stored: StoredChallenge = { userId: user.id, attempts: 0, expiresAt: seconds(now) + ADMIN_CHALLENGE_MINUTES * 60 };
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: { ...challengeKey(challenge), ...stored } }));
  const step: SecondStep = user.totpEnrolled ? 'totp' : 'enrolment';
  return { challenge, step };
}

async function readChallenge(token: string, now: Date): Promise<StoredChallenge> {
  const item = (await dynamoClient().send(new GetCommand({ TableName: table(), Key: challengeKey(token), ConsistentRead: true }))).Item as
    | StoredChallenge
    | undefined;
  if (!item || item.expiresAt <= seconds(now) || item.attempts >= MAX_SECOND_FACTOR_ATTEMPTS) throw expired();
  return item;
}

/** Counts a try against the challenge (and the account's and the IP's allowance) before it is checked. */
async function takeTry(token: string, caller: Caller): Promise<StoredChallenge> {
  const { userId } = await readChallenge(token, caller.at);
  await assertSecondStepOpen(userId, caller.at);
  const wait = (m: number) => `Too many tries. Please wait ${m} minute${m === 1 ? '' : 's'} and sign in again.`;
  await hitRateLimit(`admin-2fa#${userId}`, TRY_LIMIT.perAccount, TRY_LIMIT.windowSeconds, caller.at, wait);
  await hitRateLimit(`admin-2fa-ip#${ipBucket(caller.sourceIp)}`, TRY_LIMIT.perIp, TRY_LIMIT.windowSeconds, caller.at, wait);
  try {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: challengeKey(token),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_SECOND_FACTOR_ATTEMPTS, ':now': seconds(caller.at) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as StoredChallenge;
  } catch (error) {
    if (isConditionFailure(error)) throw expired();
    throw error;
  }
}

/** Refuses a wrong answer: it counts towards the account's lock, and the challenge dies after its last try. */
async function wrongTry(challenge: StoredChallenge, code: string, message: string, caller: Caller): Promise<never> {
  await countWrongCode(challenge.userId, caller);
  const left = MAX_SECOND_FACTOR_ATTEMPTS - challenge.attempts;
  if (left <= 0) throw rateLimited('too_many_attempts', 'Too many wrong codes. Please enter your password again.');
  throw unauthorized(code, `${message} ${left} ${left === 1 ? 'try' : 'tries'} left.`);
}

/** Uses the challenge up: of two concurrent right answers only one signs in. */
async function consume(token: string) {
  try {
    await dynamoClient().send(
      new DeleteCommand({ TableName: table(), Key: challengeKey(token), ConditionExpression: 'attribute_exists(pk)' }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw expired();
    throw error;
  }
}

/** Accepts a TOTP step once: a code of this step or an earlier one than the last accepted is a replay. */
export async function claimStep(userId: string, step: number, now: Date) {
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: table(),
        Item: { pk: `admin-totp-step#${userId}`, sk: 'last', step, expiresAt: seconds(now) + 10 * 60 },
        ConditionExpression: 'attribute_not_exists(pk) OR #step < :step',
        ExpressionAttributeNames: { '#step': 'step' },
        ExpressionAttributeValues: { ':step': step },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw unauthorized('totp_code_used', 'This code was used already. Wait for the next one in your app.');
    throw error;
  }
}

const TOTP_WRONG = 'That code is not right. Enter the current code from your authenticator app.';

/** Starts (or starts again) the enrolment: a new secret, sealed in the challenge, and how to show it. */
export async function beginEnrolment(token: string, now: Date) {
  const challenge = await readChallenge(token, now);
  const user = await loadUser(challenge.userId);
  if (!user.id || !user.email || !requiresPassword(user)) throw expired();
  if (user.totpEnrolled) throw invalid('totp_enrolled', 'An authenticator app is already set up: enter its code instead');
  const { secret, otpauthUri } = newTotpSecret(user.email);
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: challengeKey(token),
      UpdateExpression: 'SET pendingSecret = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': sealTotpSecret(user.id, secret) },
    }),
  );
  return { secret, otpauthUri };
}

interface SecondStepDone {
  user: UserView;
  sessionId: string;
}

/** Confirms the enrolment with a code of the new secret: records it, and signs in; the recovery codes go out once. */
export async function confirmEnrolment(token: string, code: string, caller: Caller): Promise<SecondStepDone & { recoveryCodes: string[] }> {
  const challenge = await takeTry(token, caller);
  if (!challenge.pendingSecret) throw invalid('enrolment_not_started', 'Start the set-up of your authenticator app first');
  const step = totpStep(openTotpSecret(challenge.userId, challenge.pendingSecret), code, caller.at);
  if (step === null) return wrongTry(challenge, 'invalid_totp_code', TOTP_WRONG, caller);
  await claimStep(challenge.userId, step, caller.at);
  await consume(token);
  await clearWrongCodes(challenge.userId);
  const recoveryCodes = newRecoveryCodes();
  const sessionId = randomUUID();
  const user = await runUserCommand(
    challenge.userId,
    {
      type: 'EnrolTotp',
      secretCiphertext: challenge.pendingSecret,
      recoveryCodeHashes: recoveryCodes.map((c) => recoveryCodeHash(challenge.userId, c)),
      sessionId,
      codeVerified: true,
    },
    { ...caller, actor: challenge.userId },
  );
  return { user, sessionId, recoveryCodes };
}

/** Signs in with a TOTP code of the enrolled app, or with one of the recovery codes (which is then used up). */
export async function verifySecondFactor(
  token: string,
  answer: { code: string } | { recoveryCode: string },
  caller: Caller,
): Promise<SecondStepDone> {
  const challenge = await takeTry(token, caller);
  const userId = challenge.userId;
  const state = await loadUser(userId);
  if (!state.totpEnrolled || !state.totpSecretCiphertext) throw invalid('totp_enrolment_required', 'Set up your authenticator app first');
  const sessionId = randomUUID();
  const context = { ...caller, actor: userId };
  if ('code' in answer) {
    const step = totpStep(openTotpSecret(userId, state.totpSecretCiphertext), answer.code, caller.at);
    if (step === null) return wrongTry(challenge, 'invalid_totp_code', TOTP_WRONG, caller);
    await claimStep(userId, step, caller.at);
    await consume(token);
    await clearWrongCodes(userId);
    const user = await runUserCommand(
      userId,
      { type: 'SignIn', sessionId, method: 'password', passwordVerified: true, secondFactor: { kind: 'totp', verified: true } },
      context,
    );
    return { user, sessionId };
  }
  const codeHash = recoveryCodeHash(userId, answer.recoveryCode);
  if (!state.recoveryCodeHashes.includes(codeHash))
    return wrongTry(challenge, 'invalid_recovery_code', 'That recovery code is not right, or it was used already.', caller);
  await consume(token);
  await clearWrongCodes(userId);
  const user = await runUserCommand(
    userId,
    { type: 'SignIn', sessionId, method: 'password', passwordVerified: true, secondFactor: { kind: 'recovery_code', codeHash } },
    context,
  );
  return { user, sessionId };
}
