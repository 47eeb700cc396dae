/** E-mail verification links: a random token mailed once, kept only as its HMAC in `ephemeral` for 24 hours, single use. */
import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { invalid } from '../domain/errors.js';
import { normalizeEmail } from '../domain/user/user.js';
import { dynamoClient } from './aws.js';
import { env } from './env.js';
import { enqueueMail, verifyEmailMail } from './mail.js';
import { hmac } from './sign-in-challenges.js';

export const VERIFICATION_HOURS = 24;
const tokenKey = (token: string) => ({ pk: `verify-email#${hmac('verify-email', token)}`, sk: 'token' });

/** Mails a link that proves `email` belongs to the user. */
export async function sendEmailVerification(userId: string, emailInput: string, now: Date): Promise<void> {
  const email = normalizeEmail(emailInput);
  const token = randomBytes(32).toString('base64url');
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: { ...tokenKey(token), userId, email, expiresAt: Math.floor(now.getTime() / 1000) + VERIFICATION_HOURS * 3600 },
    }),
  );
  await enqueueMail(verifyEmailMail(email, token));
}

/** The user a link verifies; it works once, for the address it was sent to. */
export async function redeemEmailVerification(token: string, emailInput: string, now: Date): Promise<{ userId: string; email: string }> {
  const refused = () => invalid('invalid_link', 'Invalid verification link. It may have expired or already been used.');
  const key = tokenKey(token);
  const item = (await dynamoClient().send(new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: key, ConsistentRead: true }))).Item;
  const email = normalizeEmail(emailInput);
  if (!item || item.email !== email || (item.expiresAt as number) <= Math.floor(now.getTime() / 1000)) throw refused();
  try {
    await dynamoClient().send(
      new DeleteCommand({ TableName: env().TABLE_EPHEMERAL, Key: key, ConditionExpression: 'attribute_exists(pk)' }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw refused();
    throw error;
  }
  return { userId: item.userId as string, email };
}
