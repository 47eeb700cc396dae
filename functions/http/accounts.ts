/**
 * HTTP context `accounts`: sign-in and sign-up by e-mail code or magic link, admin password sign-in,
 * beta signup, sessions, the pending checkout intent, and the user's own profile and avatar.
 * Answers carry the fields of spec part 2 §7 (Authentication); errors leave as `{ error, message }`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { betaCodeOf, trialEnd } from '../domain/user/beta-codes.js';
import { emailReservation, requiresPassword } from '../domain/user/user.js';
import { dynamoClient, s3Client } from '../lib/aws.js';
import { sendEmailVerification, redeemEmailVerification } from '../lib/email-verification.js';
import { env } from '../lib/env.js';
import { ReservationTakenError, reservationOwner } from '../lib/event-store.js';
import { contextHandler, defineRoute, HttpError, reply, type RequestInfo } from '../lib/http.js';
import { enqueueMail, signInMail } from '../lib/mail.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { clearedSessionCookie, issueSessionToken, readCookie, revokeSession, sessionCookie, type Session } from '../lib/session.js';
import {
  CHALLENGE_MINUTES,
  hitRateLimit,
  ipBucket,
  issueChallenge,
  limitSignInMessages,
  redeemCode,
  redeemLink,
  type SignInIntent,
} from '../lib/sign-in-challenges.js';
import {
  avatarKey,
  findUserByEmail,
  findUserIdByEmail,
  findUserIdByUsername,
  freshUser,
  loadUser,
  runUserCommand,
  signInWithEmail,
  userDto,
  type SignedIn,
} from '../lib/users.js';
import type { UserView } from '../projections/users.js';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const PENDING_COOKIE = 'toko_pending';
const PENDING_SECONDS = 600;
const LOGIN_LIMIT = { perAccount: 10, perIp: 50, windowSeconds: 15 * 60 };

// ---- request schemas -------------------------------------------------------------------------

const emailField = z
  .string({ error: 'Email required' })
  .trim()
  .min(1, 'Email required')
  .max(254)
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address'));
const optionalText = (max: number) => z.string().max(max).nullish();
/** Guest cart lines sent along at sign-in; commerce (issue #5) syncs them. */
const cartItemsField = z.array(z.unknown()).max(100).nullish();

export const smartSignInBody = z.object({
  email: emailField,
  displayName: optionalText(100),
  intent: optionalText(50),
  cartItems: cartItemsField,
});
export const sendLinkBody = z.object({
  email: emailField,
  intent: z.enum(['subscribe', 'free']).nullish(),
  displayName: optionalText(100),
});
export const freeSignupBody = z.object({ email: emailField });
export const verifyCodeBody = z.object({
  email: emailField,
  code: z
    .string({ error: 'Please enter a 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Please enter a 6-digit code'),
});
export const magicLinkQuery = z.object({ token: z.string({ error: 'Invalid magic link' }).min(16, 'Invalid magic link').max(200) });
export const verifyEmailQuery = z.object({
  token: z.string({ error: 'Invalid verification link' }).min(16, 'Invalid verification link').max(200),
  email: z.string({ error: 'Invalid verification link' }).max(254),
});
export const loginBody = z.object({
  email: optionalText(254),
  username: optionalText(254),
  password: optionalText(200),
  guestCartItems: cartItemsField,
});
export const betaSignupBody = z.object({
  fullName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(100),
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,30}$/, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'),
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(8, 'Password must be at least 8 characters').max(200),
  confirmPassword: z.string().max(200).nullish(),
  betaCode: optionalText(50),
  displayName: optionalText(100),
});
export const pendingActionBody = z.object({
  action: z.string().trim().min(1).max(50),
  includeSubscription: z.boolean().default(false),
  ts: z.number().int().nonnegative().nullish(),
});
export const profileBody = z.object({
  displayName: z.string().trim().max(100).nullish(),
  email: emailField.optional(),
});
const userIdParams = z.object({ id: z.string().min(1).max(100) });

// ---- helpers ----------------------------------------------------------------------------------

const knownIntents: readonly SignInIntent[] = ['cart_checkout', 'subscribe', 'free'];
const intentOf = (raw: string | null | undefined): SignInIntent | null =>
  knownIntents.includes(raw as SignInIntent) ? (raw as SignInIntent) : null;

const contextOf = (request: RequestInfo, actor: string) => ({ actor, correlationId: request.requestId, at: request.receivedAt });

/** Where the app goes after signing in with this intent. Cart checkout waits for commerce (issue #5). */
const SUBSCRIPTION_CHECKOUT = '/subscription-checkout';

async function signedInReply(
  signedIn: Pick<SignedIn, 'user' | 'sessionId'>,
  request: RequestInfo,
  body: (token: string) => Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const token = await issueSessionToken({ userId: signedIn.user.id, sessionId: signedIn.sessionId }, request.receivedAt);
  return reply({
    body: { success: true, ...body(token), user: userDto(signedIn.user, request.receivedAt) },
    cookies: [sessionCookie(token)],
    headers: { 'x-auth-token': token, ...headers },
  });
}

async function currentUser(session: Session | null): Promise<UserView | undefined> {
  return session ? freshUser(session.userId) : undefined;
}

/**
 * Mails a code and a link to the address, the same way whether or not it has an account (only
 * `is_new_user` tells). Admin accounts get nothing: they sign in with their password.
 */
async function sendSignInMessage(email: string, intent: SignInIntent | null, displayName: string | null, request: RequestInfo) {
  const user = await findUserByEmail(email);
  if (user && requiresPassword(user)) return { isNewUser: false, adminAccount: true };
  await limitSignInMessages(email, request.sourceIp, request.receivedAt);
  const { code, linkToken } = await issueChallenge({ email, intent, displayName: displayName?.trim() || null }, request.receivedAt);
  await enqueueMail(signInMail(email, code, linkToken, CHALLENGE_MINUTES));
  return { isNewUser: !user, adminAccount: false };
}

const SENT_MESSAGE = 'Check your email for a 6-digit code and a sign-in link';

async function sendLink({ body, request }: { body: z.infer<typeof sendLinkBody>; request: RequestInfo }) {
  const sent = await sendSignInMessage(body.email, intentOf(body.intent), body.displayName ?? null, request);
  return { success: true, email: body.email, message: SENT_MESSAGE, is_new_user: sent.isNewUser };
}

async function logout(session: Session | null, request: RequestInfo) {
  if (session) await revokeSession(session, request.receivedAt);
  return [clearedSessionCookie()];
}

function sniffImage(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

const tooLarge = () => new HttpError(413, 'file_too_large', 'File too large: please choose an image smaller than 5MB');

async function avatarFile(request: RequestInfo): Promise<Buffer> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data;/i.test(contentType)) {
    throw new HttpError(400, 'invalid_request', 'Send the image as multipart/form-data in the field "avatar"');
  }
  // The multipart framing adds a little to the file; anything far beyond 5 MB is refused unread.
  if (request.rawBody.length > AVATAR_MAX_BYTES + 64 * 1024) throw tooLarge();
  let form: FormData;
  try {
    const body = new Blob([Uint8Array.from(request.rawBody)]);
    form = await new Request('http://localhost/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    throw new HttpError(400, 'invalid_request', 'The upload is not valid multipart/form-data');
  }
  const file = form.get('avatar');
  if (!file || typeof file === 'string') throw new HttpError(400, 'invalid_request', 'Choose an image in the field "avatar"');
  if (file.size > AVATAR_MAX_BYTES) throw tooLarge();
  if (file.size === 0) throw new HttpError(400, 'invalid_file_type', 'Invalid file type: please choose an image');
  return Buffer.from(await file.arrayBuffer());
}

// ---- routes -----------------------------------------------------------------------------------

export const handler = contextHandler('accounts', {
  'POST /api/auth/smart-signin': defineRoute({ body: smartSignInBody }, async ({ body, session, request }) => {
    const intent = intentOf(body.intent);
    const answer = {
      success: true,
      instant_signin: false,
      isAdminAccount: false,
      requiresPassword: false,
      magic_link_sent: false,
      codeGenerated: false,
      is_new_user: false,
      intent,
      redirectUrl: null as string | null,
      message: SENT_MESSAGE,
    };
    // Already signed in as this address: nothing to prove again.
    const current = await currentUser(session);
    if (current?.email === body.email) {
      return {
        ...answer,
        instant_signin: true,
        isAdminAccount: requiresPassword(current),
        redirectUrl: intent === 'subscribe' ? SUBSCRIPTION_CHECKOUT : null,
        message: 'You are already signed in',
      };
    }
    const sent = await sendSignInMessage(body.email, intent, body.displayName ?? null, request);
    if (sent.adminAccount) return { ...answer, isAdminAccount: true, requiresPassword: true, message: 'Enter your password to sign in' };
    return { ...answer, magic_link_sent: true, codeGenerated: true, is_new_user: sent.isNewUser };
  }),

  'POST /api/auth/send-magic-auth-link': defineRoute({ body: sendLinkBody }, sendLink),
  'POST /api/auth/send-magic-link': defineRoute({ body: sendLinkBody }, sendLink),

  'POST /api/auth/free-signup': defineRoute({ body: freeSignupBody }, async ({ body, request }) => {
    await sendSignInMessage(body.email, 'free', null, request);
    return { success: true, email: body.email, message: SENT_MESSAGE };
  }),

  'POST /api/auth/verify-code': defineRoute({ body: verifyCodeBody }, async ({ body, request }) => {
    const challenge = await redeemCode(body.email, body.code, request.receivedAt);
    const signedIn = await signInWithEmail(challenge.email, 'email_code', challenge.displayName, contextOf(request, 'guest'));
    const intent = challenge.intent;
    return signedInReply(signedIn, request, (token) => ({
      message: signedIn.isNewUser ? 'Welcome! Your account is ready' : 'Signed in',
      isNewUser: signedIn.isNewUser,
      jwtToken: token,
      subscriptionIntent: intent === 'subscribe',
      cartCheckoutIntent: intent === 'cart_checkout',
      intent,
      redirectUrl: intent === 'subscribe' ? SUBSCRIPTION_CHECKOUT : null,
      clientSecret: null,
      requiresPassword: false,
    }));
  }),

  'GET /api/auth/verify-magic-link': defineRoute({ query: magicLinkQuery }, async ({ query, request }) => {
    const challenge = await redeemLink(query.token, request.receivedAt);
    const signedIn = await signInWithEmail(challenge.email, 'magic_link', challenge.displayName, contextOf(request, 'guest'));
    const intent = challenge.intent;
    return signedInReply(signedIn, request, (token) => ({
      message: signedIn.isNewUser ? 'Welcome! Your account is ready' : 'Signed in',
      isNewUser: signedIn.isNewUser,
      authToken: token,
      subscriptionIntent: intent === 'subscribe',
      cartCheckoutIntent: intent === 'cart_checkout',
      checkoutUrl: intent === 'subscribe' ? SUBSCRIPTION_CHECKOUT : null,
    }));
  }),

  'GET /api/auth/verify-email': defineRoute({ query: verifyEmailQuery }, async ({ query, request }) => {
    const { userId, email } = await redeemEmailVerification(query.token, query.email, request.receivedAt);
    const user = await runUserCommand(userId, { type: 'VerifyEmail', email }, contextOf(request, userId));
    return {
      success: true,
      message: 'Your email is verified',
      user: { displayName: user.displayName, email: user.email },
      redirectUrl: '/',
    };
  }),

  'POST /api/auth/login': defineRoute({ body: loginBody }, async ({ body, request }) => {
    const identifier = (body.email || body.username || '').trim();
    const password = body.password ?? '';
    if (!identifier || !password) throw new HttpError(400, 'missing_information', 'Please enter both email and password');
    const now = request.receivedAt;
    const wait = (m: number) => `Too many sign-in attempts. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`;
    await hitRateLimit(`login#${identifier.toLowerCase()}`, LOGIN_LIMIT.perAccount, LOGIN_LIMIT.windowSeconds, now, wait);
    await hitRateLimit(`login-ip#${ipBucket(request.sourceIp)}`, LOGIN_LIMIT.perIp, LOGIN_LIMIT.windowSeconds, now, wait);
    const userId = identifier.includes('@') ? await findUserIdByEmail(identifier) : await findUserIdByUsername(identifier);
    const state = userId ? await loadUser(userId) : undefined;
    // The same work and the same answer for an unknown account and a wrong password.
    const verified = await verifyPassword(password, state?.passwordHash ?? null);
    if (!userId || !verified) throw new HttpError(401, 'invalid_credentials', 'Invalid email or password');
    const sessionId = randomUUID();
    const user = await runUserCommand(
      userId,
      { type: 'SignIn', sessionId, method: 'password', passwordVerified: true },
      contextOf(request, userId),
    );
    // Guest cart lines (body.guestCartItems) are synced by commerce (issue #5); none are synced yet.
    return signedInReply({ user, sessionId }, request, () => ({ message: 'Signed in', requiresPassword: false }), {
      'x-cart-synced': 'false',
    });
  }),

  'POST /api/users/beta-signup': defineRoute({ body: betaSignupBody }, async ({ body, request }) => {
    if (body.confirmPassword != null && body.confirmPassword !== body.password) {
      throw new HttpError(400, 'password_mismatch', 'Passwords do not match. Please try again.');
    }
    const betaCode = body.betaCode?.trim() ? betaCodeOf(body.betaCode) : undefined;
    if (body.betaCode?.trim() && !betaCode) throw new HttpError(400, 'invalid_beta_code', 'Please check your beta code and try again.');
    await limitSignInMessages(body.email, request.sourceIp, request.receivedAt);
    const userId = randomUUID();
    const sessionId = randomUUID();
    const context = contextOf(request, userId);
    let user: UserView;
    try {
      user = await runUserCommand(
        userId,
        {
          type: 'Register',
          userId,
          email: body.email,
          username: body.username,
          displayName: body.displayName?.trim() || body.fullName,
          source: 'beta_signup',
          emailVerified: false,
          passwordHash: await hashPassword(body.password),
          role: 'user',
          session: { sessionId, method: 'password' },
        },
        context,
      );
    } catch (error) {
      if (!(error instanceof ReservationTakenError)) throw error;
      if (error.key.startsWith('username#')) throw new HttpError(409, 'username_taken', 'This username is already taken');
      throw new HttpError(409, 'email_taken', 'An account with this email already exists. Please sign in instead.');
    }
    if (betaCode) {
      const start = request.receivedAt;
      user = await runUserCommand(
        userId,
        {
          type: 'ChangeSubscriptionTier',
          tier: betaCode.tier,
          status: 'trialing',
          source: 'beta',
          startedAt: start.toISOString(),
          expiresAt: trialEnd(start, betaCode.months).toISOString(),
          stripeSubscriptionId: null,
        },
        context,
      );
    }
    await sendEmailVerification(userId, body.email, request.receivedAt);
    return signedInReply({ user, sessionId }, request, () => ({
      message: 'Welcome! Check your email to confirm your address',
      subscriptionTier: userDto(user, request.receivedAt).subscriptionTier,
      username: user.username,
    }));
  }),

  'POST /api/auth/logout': defineRoute({}, async ({ session, request }) =>
    reply({ body: { success: true, message: 'Logged out' }, cookies: await logout(session, request) }),
  ),

  'GET /api/auth/logout': defineRoute({}, async ({ session, request }) =>
    reply({ status: 302, headers: { location: '/' }, cookies: await logout(session, request) }),
  ),

  'POST /api/auth/pending-action': defineRoute({ body: pendingActionBody }, async ({ body, request }) => {
    const existing = readCookie(request.cookies, PENDING_COOKIE);
    const id = existing && /^[\w-]{22,64}$/.test(existing) ? existing : randomBytes(24).toString('base64url');
    const now = request.receivedAt;
    const pending = { action: body.action, includeSubscription: body.includeSubscription, ts: body.ts ?? now.getTime() };
    await dynamoClient().send(
      new PutCommand({
        TableName: env().TABLE_EPHEMERAL,
        Item: { pk: `pending-action#${id}`, sk: 'intent', ...pending, expiresAt: Math.floor(now.getTime() / 1000) + PENDING_SECONDS },
      }),
    );
    return reply({
      body: { success: true, ...pending },
      cookies: [`${PENDING_COOKIE}=${id}; Path=/api/auth; HttpOnly; Secure; SameSite=Lax; Max-Age=${PENDING_SECONDS}`],
    });
  }),

  'GET /api/auth/pending-action': defineRoute({}, async ({ request }) => {
    const id = readCookie(request.cookies, PENDING_COOKIE);
    const none = { action: null, includeSubscription: false, ts: null };
    if (!id || !/^[\w-]{22,64}$/.test(id)) return none;
    const key = { pk: `pending-action#${id}`, sk: 'intent' };
    const item = (await dynamoClient().send(new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: key, ConsistentRead: true }))).Item;
    const cleared = [`${PENDING_COOKIE}=; Path=/api/auth; HttpOnly; Secure; SameSite=Lax; Max-Age=0`];
    if (!item || (item.expiresAt as number) <= Math.floor(request.receivedAt.getTime() / 1000))
      return reply({ body: none, cookies: cleared });
    // Read once: the intent is cleared as it is handed back.
    await dynamoClient().send(new DeleteCommand({ TableName: env().TABLE_EPHEMERAL, Key: key }));
    return reply({ body: { action: item.action, includeSubscription: item.includeSubscription, ts: item.ts }, cookies: cleared });
  }),

  'GET /api/session/validate': defineRoute({}, async ({ session, request }) => {
    const user = await currentUser(session);
    return { user: user ? userDto(user, request.receivedAt) : null, needsAuth: !user };
  }),

  'GET /api/users/me': defineRoute({}, async ({ session, request }) => {
    const user = await currentUser(session);
    if (!user) throw new HttpError(401, 'unauthorized', 'Not authenticated');
    return userDto(user, request.receivedAt);
  }),

  'PUT /api/users/{id}': defineRoute({ params: userIdParams, body: profileBody }, async ({ params, body, session, request }) => {
    const me = session!.userId;
    if (params.id !== me) throw new HttpError(403, 'forbidden', 'You can only change your own profile');
    const before = await freshUser(me);
    if (!before) throw new HttpError(401, 'unauthorized', 'Not authenticated');
    const newEmail = body.email !== undefined && body.email !== before.email ? body.email : undefined;
    const held: string[] = [];
    if (newEmail) {
      const owner = await reservationOwner(emailReservation(newEmail));
      if (owner && owner !== me) throw new HttpError(409, 'email_taken', 'This email is already used by another account');
      if (owner === me) held.push(emailReservation(newEmail));
      await limitSignInMessages(newEmail, request.sourceIp, request.receivedAt);
    }
    let user: UserView;
    try {
      user = await runUserCommand(
        me,
        {
          type: 'ChangeProfile',
          ...(body.displayName !== undefined ? { displayName: body.displayName || null } : {}),
          ...(newEmail ? { email: newEmail } : {}),
        },
        contextOf(request, me),
        held,
      );
    } catch (error) {
      if (error instanceof ReservationTakenError) throw new HttpError(409, 'email_taken', 'This email is already used by another account');
      throw error;
    }
    // A new address is confirmed by a link sent to it.
    if (newEmail) await sendEmailVerification(me, newEmail, request.receivedAt);
    return {
      success: true,
      message: newEmail ? 'Profile updated. Check your new email to confirm it' : 'Profile updated',
      emailVerificationSent: Boolean(newEmail),
      user: userDto(user, request.receivedAt),
    };
  }),

  'POST /api/avatar-upload': defineRoute({}, async ({ session, request }) => {
    const me = session!.userId;
    const bytes = await avatarFile(request);
    const contentType = sniffImage(bytes);
    if (!contentType) throw new HttpError(400, 'invalid_file_type', 'Invalid file type: please choose an image (JPEG, PNG, WebP or GIF)');
    await s3Client().send(
      new PutObjectCommand({
        Bucket: env().MEDIA_BUCKET,
        Key: avatarKey(me),
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=3600',
      }),
    );
    const user = await runUserCommand(
      me,
      { type: 'ChangeAvatar', avatar: `${me}.jpg`, contentType, bytes: bytes.length },
      contextOf(request, me),
    );
    const dto = userDto(user, request.receivedAt);
    return { success: true, avatar: dto.avatarUrl, filename: dto.avatar, user: dto };
  }),
});
