/**
 * Step-up: a signed-in admin gives a fresh code of their authenticator app (or, without the phone, one of their
 * recovery codes, spent as at sign-in), and for 5 minutes their session may do the sensitive acts the manifest marks
 * (`stepUp` in functions/routes.ts): role changes, refunds, exports, switching or dropping a projection generation,
 * redriving every dead letter. Kept in `ephemeral` by session id.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { invalid } from '../platform/errors.js';
import { dynamoClient } from '../platform/aws.js';
import { assertSecondStepOpen, clearWrongCodes, countWrongCode } from './admin-lockout.js';
import { claimStep } from './admin-sign-in.js';
import { env } from '../platform/env.js';
import { openTotpSecret, recoveryCodeHash, totpStep } from './totp.js';
import { loadUser, runUserCommand } from './users.js';
import type { CommandContext } from '../platform/command.js';

const STEP_UP_SECONDS = 5 * 60;

const table = () => env().TABLE_EPHEMERAL;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const stepUpKey = (sessionId: string) => ({ pk: `admin-step-up#${sessionId}`, sk: 'step-up' });

/** Whether the session gave a fresh code within the last 5 minutes. */
export async function steppedUp(sessionId: string, now: Date): Promise<boolean> {
  const item = (await dynamoClient().send(new GetCommand({ TableName: table(), Key: stepUpKey(sessionId), ConsistentRead: true }))).Item;
  return ((item?.until as number | undefined) ?? 0) > seconds(now);
}

const RECOVERY_WRONG = 'That recovery code is not right, or it was used already.';

/**
 * Checks a code of the admin's app (once only) or a recovery code (spent), each wrong one counted towards the lock,
 * and opens 5 minutes of sensitive acts.
 */
export async function stepUp(
  session: { userId: string; sessionId: string },
  answer: { code: string } | { recoveryCode: string },
  context: Omit<CommandContext, 'actor'> & { at: Date },
): Promise<Date> {
  const { userId } = session;
  await assertSecondStepOpen(userId, context.at);
  const state = await loadUser(userId);
  if (!state.totpSecretCiphertext) throw invalid('totp_enrolment_required', 'Set up your authenticator app first');
  if ('code' in answer) {
    const step = totpStep(openTotpSecret(userId, state.totpSecretCiphertext), answer.code, context.at);
    if (step === null) {
      await countWrongCode(userId, context);
      throw invalid('invalid_totp_code', 'That code is not right. Enter the current code from your authenticator app.');
    }
    await claimStep(userId, step, context.at);
  } else {
    const codeHash = recoveryCodeHash(userId, answer.recoveryCode);
    if (!state.recoveryCodeHashes.includes(codeHash)) {
      await countWrongCode(userId, context);
      throw invalid('invalid_recovery_code', RECOVERY_WRONG);
    }
    // Recorded on the account's stream: of two requests with the same code, the decider lets one spend it.
    await runUserCommand(userId, { type: 'SpendRecoveryCode', codeHash }, { ...context, actor: userId });
  }
  await clearWrongCodes(userId);
  const until = seconds(context.at) + STEP_UP_SECONDS;
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: { ...stepUpKey(session.sessionId), until, expiresAt: until } }));
  return new Date(until * 1000);
}
