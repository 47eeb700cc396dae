/**
 * A listener deletes their own account: a code mailed to them (kept only as an HMAC, 15 minutes, 5 tries, requests
 * rate-limited, a new request replacing the old code), then, with the code, `AccountDeleted` on their stream (their
 * sessions end at once). The `account-erasure` consumer then erases the account (eraseAccount): every address it used
 * freed and its data key deleted (its fan signups unreadable), every username freed, every stored avatar file removed,
 * its Toko+ subscription cancelled at Stripe, the account's data key deleted (its personal fields read as placeholders
 * from then on, in every view, rebuild, export and history) and its notifications deleted. The freed addresses may open
 * new, empty accounts. Their purchases and plays stay in the log and still count, by amount.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DeleteObjectCommand, ListObjectVersionsCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DELETED, type DomainEvent } from '../../events/index.js';
import { isMissing, membershipDecider, stripeClient, syncSubscription } from '../commerce/index.js';
import { DomainError, invalid, notFound, rateLimited } from '../platform/errors.js';
import { notificationsDecider, notificationsStream, runNotificationsCommand } from '../notifications/index.js';
import { erasurePlan } from './domain/erasure.js';
import { emailReservation, usernameReservation, userStream } from './domain/user.js';
import { dynamoClient, s3Client } from '../platform/aws.js';
import { env } from '../platform/env.js';
import type { CommandContext } from '../platform/command.js';
import type { EventStore } from '../platform/event-store.js';
import { accountDeletionMail, enqueueMail } from '../platform/mail.js';
import { personalData } from '../platform/personal-data.js';
import { CHALLENGE_MINUTES, CODE_LENGTH, countCodeTry, hitRateLimit, hmac, MAX_CODE_ATTEMPTS } from './sign-in-challenges.js';
import { avatarKey, loadUser, runUserCommand } from './users.js';

/** Deletion codes one account may ask for per hour. */
const DELETION_REQUESTS_PER_HOUR = 5;

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
  const counted = await countCodeTry<{ codeHmac: string; attempts: number }>(deletionKey(userId), now);
  if ('refused' in counted) {
    if (counted.refused === 'too_many') throw rateLimited('too_many_attempts', 'Too many wrong codes. Please request a new code.');
    throw invalid('invalid_code', 'Invalid or expired code. Please request a new code.');
  }
  const stored = counted.stored;
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

/**
 * With the mailed code: records `AccountDeleted`, which ends the account's sessions at once. The rest of the deletion
 * (eraseAccount) is the `account-erasure` consumer's reaction to that fact, so it finishes by itself, retried, whatever
 * fails or stops after the fact is recorded.
 */
export async function confirmAccountDeletion(userId: string, code: string, context: CommandContext & { at: Date }): Promise<void> {
  await liveAccount(userId);
  await redeemDeletionCode(userId, code, context.at);
  await runUserCommand(userId, { type: 'DeleteAccount' }, context);
}

/** What erasing an account does to the world, apart from the order it is done in (eraseAccount), which a unit test runs in memory. */
export interface ErasureEffects {
  readUserStream(userId: string): Promise<DomainEvent[]>;
  /** Deletes the data key of `user:<id>`, or the keys `email:<address>` had when the account was deleted (tombstones stay). */
  forget(owner: string): Promise<void>;
  /** Frees a reservation the account holds; one someone else holds is left alone. */
  releaseReservation(key: string, owner: string): Promise<void>;
  /** Deletes an avatar file and every version of it the media bucket keeps. */
  removeAvatar(filename: string): Promise<void>;
  /** Cancels a Toko+ subscription at Stripe at once and records its end on the account's stream. */
  endSubscription(userId: string, stripeSubscriptionId: string): Promise<void>;
  /** Deletes every notification of the account not deleted yet. */
  deleteNotifications(userId: string): Promise<void>;
}

/**
 * Erases a deleted account. Every step can be done again (a second run after a crash, a redelivery, two at once): the
 * tombstones, the freed reservations, the removed files and the ended subscriptions stay as they are. The account's own
 * data key goes last: until then its stream still names every address, username and avatar file to erase, so a run
 * stopped anywhere before it is finished by the next; after it they read as placeholders, and only the notifications,
 * which need no personal field to be found, remain to delete.
 */
export async function eraseAccount(userId: string, effects: ErasureEffects): Promise<void> {
  const events = await effects.readUserStream(userId);
  const plan = erasurePlan(events);
  // An address's own key first (its fan signups), then its reservation, so an address free again has nothing left readable.
  for (const address of plan.addresses) {
    await effects.forget(`email:${address}`);
    await effects.releaseReservation(emailReservation(address), userId);
  }
  for (const username of plan.usernames) await effects.releaseReservation(usernameReservation(username), userId);
  for (const avatar of plan.avatars) await effects.removeAvatar(avatar);
  // A person who deleted their account cannot sign in to cancel: their membership ends with it, and stops being billed.
  const membership = events.reduce(membershipDecider.evolve, membershipDecider.initialState);
  for (const subscription of membership.subscriptions) {
    if (subscription.phase !== 'ended') await effects.endSubscription(userId, subscription.stripeSubscriptionId);
  }
  await effects.forget(`user:${userId}`);
  // Their notifications go with the account (their words may name them). Read after the key is gone, so one the
  // notifier sends meanwhile (a welcome racing the deletion) is either found here or sealed under a deleted key.
  await effects.deleteNotifications(userId);
}

/**
 * Whatever caused an erasure (the `AccountDeleted` event): its id keys the Stripe calls, its correlation id follows, and
 * its time bounds which keys of an address go (one made after it is the next person's who used the address).
 */
interface ErasureCause {
  eventId: string;
  correlationId: string;
  at: Date;
}

/** The erasure's effects on the tables, the media bucket and Stripe. */
export function erasureEffects(cause: ErasureCause, eventStore: EventStore): ErasureEffects {
  const context = { actor: 'account-erasure', correlationId: cause.correlationId, causationId: cause.eventId, eventStore };
  return {
    readUserStream: (userId) => eventStore.readStream(userStream(userId)),
    forget: (owner) => personalData.forget(owner, new Date(), cause.at),
    releaseReservation: (key, owner) => eventStore.releaseReservation(key, owner),
    removeAvatar: (filename) => deleteEveryVersion(env().MEDIA_BUCKET, avatarKey(filename)),
    async endSubscription(_userId, stripeSubscriptionId) {
      const stripe = await stripeClient();
      let current: Awaited<ReturnType<typeof stripe.subscriptions.retrieve>>;
      try {
        current = await stripe.subscriptions.retrieve(stripeSubscriptionId);
      } catch (error) {
        // Gone from Stripe altogether (deleted with its customer in Stripe's dashboard): nothing is billed any more.
        if (isMissing(error)) return;
        throw error;
      }
      if (current.status !== 'canceled') {
        // Keyed on the deletion and the subscription: a retry of this step is the same request, not a second one.
        await stripe.subscriptions.cancel(
          stripeSubscriptionId,
          {},
          { idempotencyKey: `account-erasure-${cause.eventId}-${stripeSubscriptionId}` },
        );
      }
      // Recorded now rather than when Stripe's webhook comes: both go through the membership's decider on the user's
      // stream, so the end (and the dashboard's count of it) is recorded once, whichever comes first.
      await syncSubscription(stripeSubscriptionId, null, { correlationId: cause.correlationId, at: new Date(), eventStore });
    },
    async deleteNotifications(userId) {
      const notifications = (await eventStore.readStream(notificationsStream(userId))).reduce(
        notificationsDecider.evolve,
        notificationsDecider.initialState,
      );
      for (const [notificationId, { deleted }] of notifications.sent) {
        if (deleted) continue;
        try {
          await runNotificationsCommand({ type: 'Delete', userId, notificationId }, context);
        } catch (error) {
          // Deleted meanwhile by another run of the erasure: what this step wants is already so.
          if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
        }
      }
    },
  };
}

/**
 * Deletes a file of the media bucket for good: the file, then every version and delete marker a versioned bucket keeps
 * of it (it keeps replaced and deleted files for a while, so a plain delete would leave the pictures restorable).
 */
async function deleteEveryVersion(bucket: string, key: string): Promise<void> {
  const s3 = s3Client();
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectVersionsCommand({ Bucket: bucket, Prefix: key, KeyMarker: keyMarker, VersionIdMarker: versionIdMarker }),
    );
    for (const version of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]) {
      if (version.Key === key && version.VersionId)
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key, VersionId: version.VersionId }));
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    versionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
  } while (keyMarker);
}
