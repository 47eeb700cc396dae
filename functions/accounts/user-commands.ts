/**
 * What a person does to their account besides proving an e-mail address (users.ts): ask for a sign-in
 * code, sign in with a password, open an account with one (beta signup), change the profile, and
 * replace the avatar. Refusals are typed domain errors; the HTTP edge maps them.
 */
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { conflict, forbidden, unauthorized } from '../platform/errors.js';
import type { BetaCode } from './domain/beta-codes.js';
import { BLOCKED_MESSAGE, normalizeEmail, requiresPassword } from './domain/user.js';
import type { UserView } from './projections/users.js';
import { startSecondStep } from './admin-sign-in.js';
import { s3Client } from '../platform/aws.js';
import { env } from '../platform/env.js';
import { ReservationTakenError } from '../platform/event-store.js';
import type { ImageType } from '../platform/image-type.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { adminSignInMail, enqueueMail, signInMail } from '../platform/mail.js';
import { CHALLENGE_MINUTES, hitRateLimit, ipBucket, issueChallenge, limitSignInMessages, type SignInIntent } from './sign-in-challenges.js';
import { avatarKey, findUserByEmail, findUserIdByEmail, findUserIdByUsername, freshUser, loadUser, runUserCommand } from './users.js';
import type { CommandContext } from '../platform/command.js';

const LOGIN_LIMIT = { perAccount: 10, perIp: 50, windowSeconds: 15 * 60 };

/** Where a request comes from and when: the command context plus the address the rate limits count. */
type Caller = Omit<CommandContext, 'actor'> & { at: Date; sourceIp: string };

/**
 * Mails a code and a link to the address, the same way whether or not it has an account (only `isNewUser` tells).
 * An admin's address is answered as any other account's, so no caller learns who the admins are; its mail says that
 * an admin signs in with a password instead.
 */
export async function sendSignInMessage(email: string, intent: SignInIntent | null, displayName: string | null, caller: Caller) {
  const user = await findUserByEmail(email);
  if (user?.blocked) throw forbidden('account_blocked', BLOCKED_MESSAGE);
  await limitSignInMessages(email, caller.sourceIp, caller.at);
  if (user && requiresPassword(user)) {
    await enqueueMail(adminSignInMail(email));
    return { isNewUser: false };
  }
  const { code, linkToken } = await issueChallenge({ email, intent, displayName: displayName?.trim() || null }, caller.at);
  await enqueueMail(signInMail(email, code, linkToken, CHALLENGE_MINUTES));
  return { isNewUser: !user };
}

const wait = (m: number) => `Too many sign-in attempts. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`;

/**
 * Signs in with an e-mail address or username and a password. An unknown account and a wrong
 * password cost the same work and get the same refusal. An admin account is not signed in yet:
 * it goes on to its second factor (functions/accounts/admin-sign-in.ts).
 */
export async function signInWithPassword(
  identifier: string,
  password: string,
  caller: Caller,
): Promise<{ user: UserView; sessionId: string } | { secondStep: Awaited<ReturnType<typeof startSecondStep>> }> {
  await hitRateLimit(`login#${identifier.toLowerCase()}`, LOGIN_LIMIT.perAccount, LOGIN_LIMIT.windowSeconds, caller.at, wait);
  await hitRateLimit(`login-ip#${ipBucket(caller.sourceIp)}`, LOGIN_LIMIT.perIp, LOGIN_LIMIT.windowSeconds, caller.at, wait);
  const userId = identifier.includes('@') ? await findUserIdByEmail(identifier) : await findUserIdByUsername(identifier);
  const state = userId ? await loadUser(userId) : undefined;
  const verified = await verifyPassword(password, state?.passwordHash ?? null);
  if (!userId || !state || !verified) throw unauthorized('invalid_credentials', 'Invalid email or password');
  if (requiresPassword(state)) {
    return { secondStep: await startSecondStep({ id: userId, role: state.role, totpEnrolled: state.totpEnrolled }, caller.at) };
  }
  const sessionId = randomUUID();
  const user = await runUserCommand(
    userId,
    { type: 'SignIn', sessionId, method: 'password', passwordVerified: true },
    { ...caller, actor: userId },
  );
  return { user, sessionId };
}

interface PasswordSignup {
  email: string;
  username: string;
  displayName: string;
  password: string;
  betaCode: BetaCode | undefined;
}

/**
 * Opens an account with a username and a password, signed in at once, under an address that stays pending until its
 * owner proves it (the link mailed to it, or a code): until then nobody signs in to it with the password, and its
 * first proof ends this session and drops the password unless it comes from this very session. A beta code's trial
 * starts at that proof. An address in force for an account is refused.
 */
export async function registerWithPassword(signup: PasswordSignup, caller: Caller) {
  await limitSignInMessages(signup.email, caller.sourceIp, caller.at);
  if (await findUserByEmail(signup.email))
    throw conflict('email_taken', 'An account with this email already exists. Please sign in instead.');
  const userId = randomUUID();
  const sessionId = randomUUID();
  const context = { ...caller, actor: userId };
  try {
    const user = await runUserCommand(
      userId,
      {
        type: 'Register',
        userId,
        email: signup.email,
        username: signup.username,
        displayName: signup.displayName,
        source: 'beta_signup',
        emailVerified: false,
        passwordHash: await hashPassword(signup.password),
        role: 'user',
        session: { sessionId, method: 'password' },
        ...(signup.betaCode ? { betaCode: { tier: signup.betaCode.tier, months: signup.betaCode.months } } : {}),
      },
      context,
    );
    return { user, sessionId };
  } catch (error) {
    // Only the username is reserved here: the address is reserved when it is proved.
    if (error instanceof ReservationTakenError) throw conflict('username_taken', 'This username is already taken');
    throw error;
  }
}

/**
 * Changes the user's own display name (null clears it). A new e-mail address goes through its own confirmation
 * (email-change.ts), never through here.
 */
export async function changeProfile(
  userId: string,
  me: string,
  changes: { displayName?: string | null; email?: string },
  caller: Caller,
): Promise<UserView> {
  if (userId !== me) throw forbidden('forbidden', 'You can only change your own profile');
  const before = await freshUser(me);
  if (!before) throw unauthorized('unauthorized', 'Not authenticated');
  if (changes.email !== undefined && normalizeEmail(changes.email) !== before.email) {
    throw conflict(
      'email_change_needs_confirmation',
      'To change your e-mail address, confirm it with the code we send to your current one.',
    );
  }
  return runUserCommand(
    me,
    { type: 'ChangeProfile', ...(changes.displayName !== undefined ? { displayName: changes.displayName } : {}) },
    { ...caller, actor: me },
  );
}

/**
 * Stores the image as the user's avatar, under a file name with its own type's extension, and drops
 * the file of the avatar it replaces when that one had another name.
 */
export async function changeAvatar(userId: string, bytes: Buffer, type: ImageType, caller: Caller): Promise<UserView> {
  const filename = `${userId}.${type.extension}`;
  const before = await freshUser(userId);
  const bucket = env().MEDIA_BUCKET;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: avatarKey(filename),
      Body: bytes,
      ContentType: type.contentType,
      CacheControl: 'public, max-age=3600',
    }),
  );
  const user = await runUserCommand(
    userId,
    { type: 'ChangeAvatar', avatar: filename, contentType: type.contentType, bytes: bytes.length },
    { ...caller, actor: userId },
  );
  if (before?.avatar && before.avatar !== filename) {
    await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: avatarKey(before.avatar) }));
  }
  return user;
}
