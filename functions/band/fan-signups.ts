/**
 * The band page's fan signup, double opt-in: the address is mailed a link (its token kept only as an HMAC in
 * `ephemeral`, 48 hours, single use), and the fan joins the list (FanSignedUp) only by following it, so nobody
 * puts a stranger's address on the list. Requests are throttled per address and per caller.
 */
import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { invalid } from '../platform/errors.js';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';
import type { CommandContext } from '../platform/command.js';
import { enqueueMail, fanSignupConfirmMail } from '../platform/mail.js';
import { hitRateLimit, hmac, ipBucket } from '../accounts/index.js';

const FAN_CONFIRMATION_HOURS = 48;
/** Confirmation mails one address may be sent a day, and signups one caller (IP, or IPv6 /64) may ask for an hour. */
export const FAN_SIGNUP_LIMITS = { perAddressPerDay: 3, perCallerPerHour: 20 };

const tokenKey = (token: string) => ({ pk: `fan-signup#${hmac('fan signup', token)}`, sk: 'token' });
const wait = (m: number) => `Too many signups. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`;

/** Mails the confirmation link to the fan, within the address's and the caller's allowance. */
export async function requestFanSignup(band: string, email: string, caller: { at: Date; sourceIp: string }): Promise<void> {
  await hitRateLimit(`fan-signup-ip#${ipBucket(caller.sourceIp)}`, FAN_SIGNUP_LIMITS.perCallerPerHour, 3600, caller.at, wait);
  await hitRateLimit(
    `fan-signup-email#${hmac('fan signup address', email)}`,
    FAN_SIGNUP_LIMITS.perAddressPerDay,
    24 * 3600,
    caller.at,
    wait,
  );
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(caller.at.getTime() / 1000) + FAN_CONFIRMATION_HOURS * 3600;
  await dynamoClient().send(new PutCommand({ TableName: env().TABLE_EPHEMERAL, Item: { ...tokenKey(token), band, email, expiresAt } }));
  await enqueueMail(fanSignupConfirmMail(email, `${band}`, token, FAN_CONFIRMATION_HOURS));
}

/** The fan followed the link: FanSignedUp on the band's stream; a link works once. */
export async function confirmFanSignup(token: string, context: CommandContext & { at: Date }): Promise<void> {
  const refused = () => invalid('invalid_link', 'This confirmation link is invalid or has expired. Please sign up again.');
  let item: Record<string, unknown> | undefined;
  try {
    const out = await dynamoClient().send(
      new DeleteCommand({
        TableName: env().TABLE_EPHEMERAL,
        Key: tokenKey(token),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': Math.floor(context.at.getTime() / 1000) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    item = out.Attributes;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw refused();
    throw error;
  }
  if (!item) throw refused();
  const band = item.band as string;
  // No decision to take (a fan may sign up twice; the list is read by e-mail), so the event is appended blind.
  await context.eventStore.appendBlind(`band#${band}`, [{ type: 'FanSignedUp', data: { band, email: item.email as string } }], context);
}
