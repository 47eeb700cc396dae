/**
 * Step-up: a signed-in admin gives a fresh code of their authenticator app, and for 5 minutes their session may do
 * the sensitive acts the manifest marks (`stepUp` in functions/routes.ts): role changes, refunds, exports, switching
 * or dropping a projection generation, redriving every dead letter. Kept in `ephemeral` by session id.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { invalid } from '../domain/errors.js';
import { dynamoClient } from './aws.js';
import { assertSecondStepOpen, clearWrongCodes, countWrongCode } from './admin-lockout.js';
import { claimStep } from './admin-sign-in.js';
import { env } from './env.js';
import type { AppendContext } from './event-store.js';
import { openTotpSecret, totpStep } from './totp.js';
import { loadUser } from './users.js';

export const STEP_UP_SECONDS = 5 * 60;

const table = () => env().TABLE_EPHEMERAL;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const stepUpKey = (sessionId: string) => ({ pk: `admin-step-up#${sessionId}`, sk: 'step-up' });

/** Whether the session gave a fresh code within the last 5 minutes. */
export async function steppedUp(sessionId: string, now: Date): Promise<boolean> {
  const item = (await dynamoClient().send(new GetCommand({ TableName: table(), Key: stepUpKey(sessionId), ConsistentRead: true }))).Item;
  return ((item?.until as number | undefined) ?? 0) > seconds(now);
}

/** Checks a code of the admin's app (once only, counted towards the lock) and opens 5 minutes of sensitive acts. */
export async function stepUp(
  session: { userId: string; sessionId: string },
  code: string,
  context: Omit<AppendContext, 'actor'> & { at: Date },
): Promise<Date> {
  await assertSecondStepOpen(session.userId, context.at);
  const state = await loadUser(session.userId);
  if (!state.totpSecretCiphertext) throw invalid('totp_enrolment_required', 'Set up your authenticator app first');
  const step = totpStep(openTotpSecret(session.userId, state.totpSecretCiphertext), code, context.at);
  if (step === null) {
    await countWrongCode(session.userId, context);
    throw invalid('invalid_totp_code', 'That code is not right. Enter the current code from your authenticator app.');
  }
  await claimStep(session.userId, step, context.at);
  await clearWrongCodes(session.userId);
  const until = seconds(context.at) + STEP_UP_SECONDS;
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: { ...stepUpKey(session.sessionId), until, expiresAt: until } }));
  return new Date(until * 1000);
}
