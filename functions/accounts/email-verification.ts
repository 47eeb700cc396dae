/**
 * E-mail verification links: a random token mailed once, kept only as its HMAC in `ephemeral` for 24 hours, single use.
 * Following one proves the address (the account's own, or the new one of a change) and signs that browser in.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { invalid, notFound } from '../platform/errors.js';
import { normalizeEmail } from './domain/user.js';
import { dynamoClient } from '../platform/aws.js';
import { env } from '../platform/env.js';
import { emailChangedMail, enqueueMail, unprovenAccessRevokedMail, verifyEmailMail } from '../platform/mail.js';
import { hmac } from './sign-in-challenges.js';
import { currentSessionOf, freshUser, revokedAccessOf, runProof, type RevokedAccess } from './users.js';
import type { UserView } from './projections/users.js';
import type { CommandContext } from '../platform/command.js';

const VERIFICATION_HOURS = 24;
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

/** Tells the owner of an address just proved what the proof ended (once per recorded event). */
export async function tellOwnerOfRevokedAccess(email: string, revoked: RevokedAccess | null): Promise<void> {
  if (revoked)
    await enqueueMail(unprovenAccessRevokedMail(normalizeEmail(email), revoked.passwordRemoved), `unproven-access-${revoked.eventId}`);
}

/**
 * A verification link was followed: the address is proved and that browser signed in (an admin's is not: it signs in
 * with its password). When the address replaces an old one, the old one is told; when it is the account's first
 * proof, its owner is told what it ended.
 */
export async function confirmEmail(
  link: { userId: string; email: string },
  current: { userId: string; sessionId: string } | null,
  context: CommandContext & { at: Date },
): Promise<{ user: UserView; sessionId: string | null }> {
  const { userId, email } = link;
  const before = await freshUser(userId);
  if (!before) throw notFound('user_not_found', 'User not found');
  const sessionId = randomUUID();
  const proof = { at: context.at.toISOString(), currentSessionId: currentSessionOf(userId, current) };
  const { user, events } = await runProof(userId, email, { type: 'VerifyEmail', email, proof, sessionId }, context);
  await tellOwnerOfRevokedAccess(email, revokedAccessOf(events));
  const proved = events.find((e) => e.type === 'EmailVerified');
  if (proved && before.emailVerified && before.email !== user.email) {
    await enqueueMail(emailChangedMail(before.email, user.email), `email-changed-${proved.meta.eventId}`);
  }
  return { user, sessionId: events.some((e) => e.type === 'UserSignedIn') ? sessionId : null };
}
