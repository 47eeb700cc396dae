/**
 * HTTP context `accounts`: sign-in and sign-up by e-mail code or magic link, admin sign-in (password, then TOTP),
 * beta signup, sessions, the pending checkout intent, and the user's own profile and avatar.
 * Answers carry the fields the contract (functions/accounts/contract/accounts.ts) names; errors leave as `{ error, message }`.
 */
import { betaCodeOf } from '../domain/beta-codes.js';
import { requiresPassword } from '../domain/user.js';
import { confirmEmailChange, startEmailChange } from '../email-change.js';
import { confirmEmail, redeemEmailVerification, sendEmailVerification, tellOwnerOfRevokedAccess } from '../email-verification.js';
import { completeAdminEnrolment, readAdminEnrolment } from '../admin-enrolment.js';
import { beginEnrolment, confirmEnrolment, verifySecondFactor } from '../admin-sign-in.js';
import { stepUp } from '../admin-step-up.js';
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { syncGuestCart } from '../../commerce/index.js';
import { authorizer } from '../authorizer.js';
import { contextHandler, HttpError, reply, sessionCorruptedError, type RequestInfo, type RouteInput } from '../../platform/http.js';
import { accountsRoutes } from '../../routes.js';
import { readMultipartFile, type MultipartProblem } from '../../platform/multipart.js';
import { PENDING_COOKIE, pendingActionCookie, readPendingAction, savePendingAction, takePendingAction } from '../pending-actions.js';
import {
  clearedSessionCookie,
  issueSessionToken,
  readCookie,
  recordAdminActivity,
  revokeSession,
  sessionCookie,
  type Session,
} from '../../platform/session.js';
import { redeemCode, redeemLink, type SignInIntent } from '../sign-in-challenges.js';
import { changeAvatar, changeProfile, registerWithPassword, sendSignInMessage, signInWithPassword } from '../user-commands.js';
import { reencodedAvatar, USER_AVATAR_TYPE } from '../user-avatar.js';
import { freshUser, signInWithEmail, userDto, type SignedIn } from '../users.js';
import type { UserView } from '../projections/users.js';
import { metricNames, recordMetric } from '../../platform/metrics.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

// ---- helpers ----------------------------------------------------------------------------------

const knownIntents: readonly SignInIntent[] = ['cart_checkout', 'subscribe', 'free'];
const intentOf = (raw: string | null | undefined): SignInIntent | null =>
  knownIntents.includes(raw as SignInIntent) ? (raw as SignInIntent) : null;

/** The command context of a caller who is not signed in yet, with the address its tries are counted against. */
/** An admin's password was right (or an enrolment link used): the answer that leads to the authenticator step. */
const secondStepAnswer = ({ challenge, step }: { challenge: string; step: 'totp' | 'enrolment' }) => ({
  success: true as const,
  challenge,
  requiresTotp: step === 'totp',
  requiresTotpEnrolment: step === 'enrolment',
  message: step === 'totp' ? 'Enter the code from your authenticator app' : 'Set up your authenticator app to finish signing in',
});

const callerOf = (request: RequestInfo) => ({ ...commandContext(null, request), sourceIp: request.sourceIp });

/** Where the app goes after signing in with this intent. */
const SUBSCRIPTION_CHECKOUT = '/subscription-checkout';
/** A checkout of the album cart resumes on the cart page, which welcomes the listener back. */
const CART_CHECKOUT = '/cart?from=login';
const redirectOf = (intent: SignInIntent | null): string | null =>
  intent === 'subscribe' ? SUBSCRIPTION_CHECKOUT : intent === 'cart_checkout' ? CART_CHECKOUT : null;

async function signedInReply(
  signedIn: Pick<SignedIn, 'user' | 'sessionId'>,
  request: RequestInfo,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const token = await issueSessionToken({ userId: signedIn.user.id, sessionId: signedIn.sessionId }, request.receivedAt);
  recordMetric(metricNames.signIns);
  // Only a sign-in that passed the second factor gets here for an admin: its session starts its idle clock.
  if (requiresPassword(signedIn.user)) await recordAdminActivity(signedIn.sessionId, request.receivedAt);
  // The token goes out in the HttpOnly cookie alone: a script the page runs never sees it.
  return reply({
    body: { success: true, ...body, user: userDto(signedIn.user, request.receivedAt) },
    cookies: [sessionCookie(token)],
    headers,
  });
}

/** What a sign-in by e-mail (code or link) answers besides its token: the welcome, and where the intent leads. */
const emailSignInFields = (signedIn: Pick<SignedIn, 'isNewUser'>, intent: SignInIntent | null) => ({
  message: signedIn.isNewUser ? 'Welcome! Your account is ready' : 'Signed in',
  isNewUser: signedIn.isNewUser,
  subscriptionIntent: intent === 'subscribe',
  cartCheckoutIntent: intent === 'cart_checkout',
});

async function currentUser(session: Session | null): Promise<UserView | undefined> {
  return session ? freshUser(session.userId) : undefined;
}

/** The answer about the pending checkout when there is none. */
const NO_PENDING_ACTION = { action: null, includeSubscription: false, ts: null };
const SENT_MESSAGE = 'Check your email for a 6-digit code and a sign-in link';

async function sendLink({ body, request }: RouteInput<'POST /api/auth/send-magic-link'>) {
  const sent = await sendSignInMessage(body.email, intentOf(body.intent), body.displayName ?? null, callerOf(request));
  return { success: true as const, email: body.email, message: SENT_MESSAGE, is_new_user: sent.isNewUser };
}

async function logout(session: Session | null, request: RequestInfo) {
  if (session) await revokeSession(session, request.receivedAt);
  return [clearedSessionCookie()];
}

const TOO_LARGE = 'File too large: please choose an image smaller than 5MB';
const uploadRefusals: Record<MultipartProblem, () => HttpError> = {
  not_multipart: () => new HttpError(400, 'invalid_request', 'Send the image as multipart/form-data in the field "avatar"'),
  too_large: () => new HttpError(413, 'file_too_large', TOO_LARGE),
  malformed: () => new HttpError(400, 'invalid_request', 'The upload is not valid multipart/form-data'),
  missing: () => new HttpError(400, 'invalid_request', 'Choose an image in the field "avatar"'),
  empty: () => new HttpError(400, 'invalid_file_type', 'Invalid file type: please choose an image'),
};

// ---- routes -----------------------------------------------------------------------------------

export const handler = contextHandler(accountsRoutes, authorizer, {
  'POST /api/auth/smart-signin': async ({ body, session, request }) => {
    const intent = intentOf(body.intent);
    const answer = {
      success: true as const,
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
      // The guest cart sent along for a checkout joins the account's cart, which the checkout then pays.
      const guestCart = intent === 'cart_checkout' ? (body.cartItems ?? []) : [];
      if (guestCart.length) await syncGuestCart(current.id, guestCart, commandContext(current.id, request));
      return {
        ...answer,
        instant_signin: true,
        isAdminAccount: requiresPassword(current),
        redirectUrl: redirectOf(intent),
        message: 'You are already signed in',
      };
    }
    // An admin's address is answered as anyone's: who the admins are is not for a caller to learn.
    const sent = await sendSignInMessage(body.email, intent, body.displayName ?? null, callerOf(request));
    return { ...answer, magic_link_sent: true, codeGenerated: true, is_new_user: sent.isNewUser };
  },

  'POST /api/auth/send-magic-auth-link': sendLink,
  'POST /api/auth/send-magic-link': sendLink,

  'POST /api/auth/free-signup': async ({ body, request }) => {
    await sendSignInMessage(body.email, 'free', null, callerOf(request));
    return { success: true, email: body.email, message: SENT_MESSAGE };
  },

  'POST /api/auth/verify-code': async ({ body, session, request }) => {
    const challenge = await redeemCode(body.email, body.code, request.receivedAt);
    const signedIn = await signInWithEmail(challenge.email, 'email_code', challenge.displayName, commandContext('guest', request), session);
    await tellOwnerOfRevokedAccess(challenge.email, signedIn.revokedAccess);
    const intent = challenge.intent;
    return signedInReply(signedIn, request, {
      ...emailSignInFields(signedIn, intent),
      intent,
      redirectUrl: redirectOf(intent),
      clientSecret: null,
      requiresPassword: false,
    });
  },

  'POST /api/auth/verify-magic-link': async ({ body, session, request }) => {
    const challenge = await redeemLink(body.token, request.receivedAt);
    const signedIn = await signInWithEmail(challenge.email, 'magic_link', challenge.displayName, commandContext('guest', request), session);
    await tellOwnerOfRevokedAccess(challenge.email, signedIn.revokedAccess);
    const intent = challenge.intent;
    return signedInReply(signedIn, request, {
      ...emailSignInFields(signedIn, intent),
      checkoutUrl: intent === 'subscribe' ? SUBSCRIPTION_CHECKOUT : null,
    });
  },

  'POST /api/auth/verify-email': async ({ body, session, request }) => {
    const link = await redeemEmailVerification(body.token, body.email, request.receivedAt);
    const { user, sessionId } = await confirmEmail(link, session, commandContext(link.userId, request));
    const answer = {
      success: true as const,
      message: 'Your email is verified',
      user: { displayName: user.displayName, email: user.email },
      signedIn: sessionId !== null,
      redirectUrl: '/',
    };
    if (!sessionId) return answer;
    const token = await issueSessionToken({ userId: user.id, sessionId }, request.receivedAt);
    recordMetric(metricNames.signIns);
    return reply({ body: answer, cookies: [sessionCookie(token)] });
  },

  'POST /api/auth/login': async ({ body, request }) => {
    const identifier = (body.email || body.username || '').trim();
    const password = body.password ?? '';
    if (!identifier || !password) throw new HttpError(400, 'missing_information', 'Please enter both email/username and password');
    const signedIn = await signInWithPassword(identifier, password, callerOf(request));
    if ('secondStep' in signedIn) {
      return secondStepAnswer(signedIn.secondStep);
    }
    // The guest cart sent along joins the account's cart, as POST /api/cart/sync would do it.
    const guestCart = body.guestCartItems ?? [];
    if (guestCart.length) await syncGuestCart(signedIn.user.id, guestCart, commandContext(signedIn.user.id, request));
    return signedInReply(
      signedIn,
      request,
      { message: 'Signed in', requiresPassword: false },
      {
        'x-cart-synced': String(guestCart.length > 0),
      },
    );
  },

  'POST /api/auth/admin/totp/enrolment': ({ body, request }) => beginEnrolment(body.challenge, request.receivedAt),

  'POST /api/auth/admin/totp/confirm': async ({ body, request }) => {
    const { recoveryCodes, ...signedIn } = await confirmEnrolment(body.challenge, body.code, callerOf(request));
    return signedInReply(signedIn, request, {
      message: 'Your authenticator app is set up. Keep your recovery codes safe.',
      recoveryCodes,
    });
  },

  'POST /api/auth/admin/totp/verify': async ({ body, request }) => {
    const answer = 'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode };
    const signedIn = await verifySecondFactor(body.challenge, answer, callerOf(request));
    return signedInReply(signedIn, request, { message: 'Signed in' });
  },

  'POST /api/auth/admin/step-up': async ({ body, session, request }) => {
    const answer = 'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode };
    const until = await stepUp(session, answer, callerOf(request));
    return { stepUpUntil: until.toISOString() };
  },

  'POST /api/auth/admin/enrolment': ({ body, request }) => readAdminEnrolment(body.token, callerOf(request)),

  'POST /api/auth/admin/enrolment/complete': async ({ body, request }) => {
    return secondStepAnswer(await completeAdminEnrolment(body.token, body.password, callerOf(request)));
  },

  'POST /api/users/beta-signup': async ({ body, request }) => {
    if (body.confirmPassword != null && body.confirmPassword !== body.password) {
      throw new HttpError(400, 'password_mismatch', 'Passwords do not match. Please try again.');
    }
    const betaCode = body.betaCode?.trim() ? betaCodeOf(body.betaCode) : undefined;
    if (body.betaCode?.trim() && !betaCode) throw new HttpError(400, 'invalid_beta_code', 'Please check your beta code and try again.');
    const signup = { ...body, displayName: body.displayName?.trim() || body.fullName, betaCode };
    const { user, sessionId } = await registerWithPassword(signup, callerOf(request));
    await sendEmailVerification(user.id, body.email, request.receivedAt);
    return signedInReply({ user, sessionId }, request, {
      message: 'Welcome! Check your email to confirm your address',
      subscriptionTier: userDto(user, request.receivedAt).subscriptionTier,
      username: user.username,
    });
  },

  'POST /api/auth/logout': async ({ session, request }) =>
    reply({ body: { success: true, message: 'Logged out' }, cookies: await logout(session, request) }),

  'GET /api/auth/logout': async ({ session, request }) =>
    reply({ status: 302, headers: { location: '/' }, cookies: await logout(session, request) }),

  'POST /api/auth/pending-action': async ({ body, request }) => {
    const pending = { action: body.action, includeSubscription: body.includeSubscription, ts: body.ts ?? request.receivedAt.getTime() };
    const id = await savePendingAction(readCookie(request.cookies, PENDING_COOKIE), pending, request.receivedAt);
    return reply({ body: { success: true, ...pending }, cookies: [pendingActionCookie(id)] });
  },

  'GET /api/auth/pending-action': async ({ request }) =>
    (await readPendingAction(readCookie(request.cookies, PENDING_COOKIE), request.receivedAt)) ?? NO_PENDING_ACTION,

  'POST /api/auth/pending-action/take': async ({ request }) => {
    const id = readCookie(request.cookies, PENDING_COOKIE);
    if (!id) return NO_PENDING_ACTION;
    const pending = await takePendingAction(id, request.receivedAt);
    return reply({ body: pending ?? NO_PENDING_ACTION, cookies: [pendingActionCookie()] });
  },

  'GET /api/session/validate': async ({ session, request }) => {
    if (request.sessionCorrupted) throw sessionCorruptedError();
    const user = await currentUser(session);
    return { user: user ? userDto(user, request.receivedAt) : null, needsAuth: !user };
  },

  'GET /api/users/me': async ({ session, request }) => {
    const user = await currentUser(session);
    if (!user) throw new HttpError(401, 'unauthorized', 'Not authenticated');
    return userDto(user, request.receivedAt);
  },

  'PUT /api/users/{id}': async ({ params, body, session, request }) => {
    const changes = { ...(body.displayName !== undefined ? { displayName: body.displayName || null } : {}), email: body.email };
    const user = await changeProfile(params.id, session.userId, changes, callerOf(request));
    return { success: true, message: 'Profile updated', emailVerificationSent: false, user: userDto(user, request.receivedAt) };
  },

  'POST /api/users/me/email': async ({ body, session, request }) => {
    const started = await startEmailChange(session, body.email, callerOf(request));
    const user = userDto(started.user, request.receivedAt);
    if (started.step === 'confirmation_sent') {
      const message = started.freshSignIn
        ? `You signed in moments ago, so no code is needed: check ${body.email} for a link to confirm it. Your current address stays in use until then.`
        : `Check ${body.email} for a link to confirm it`;
      return { success: true, message, codeSent: false, emailVerificationSent: true, user };
    }
    return {
      success: true,
      message: `We sent a code to ${started.currentEmail}. Enter it to change your e-mail address.`,
      codeSent: true,
      emailVerificationSent: false,
      user,
    };
  },

  'POST /api/users/me/email/confirm': async ({ body, session, request }) => {
    const { user, newEmail } = await confirmEmailChange(session, body.code, callerOf(request));
    return {
      success: true,
      message: `Check ${newEmail} for a link to confirm it. Your current address stays in use until then.`,
      emailVerificationSent: true,
      user: userDto(user, request.receivedAt),
    };
  },

  'POST /api/avatar-upload': async ({ session, request }) => {
    const upload = await readMultipartFile(request.rawBody, request.headers['content-type'] ?? '', 'avatar', AVATAR_MAX_BYTES);
    if (!upload.ok) throw uploadRefusals[upload.problem]();
    // Only the pixels are kept: what else the file carries (a photo's GPS position, its camera) is not stored or served.
    const avatar = await reencodedAvatar(upload.bytes);
    if (!avatar.ok) throw new HttpError(400, 'invalid_file_type', avatar.reason);
    const user = await changeAvatar(session.userId, avatar.jpeg, USER_AVATAR_TYPE, callerOf(request));
    const dto = userDto(user, request.receivedAt);
    return { success: true, avatar: dto.avatarUrl, filename: dto.avatar, user: dto };
  },
});
