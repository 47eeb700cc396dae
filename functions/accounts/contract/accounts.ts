/**
 * Contract of the `accounts` context: sign-in and sign-up by e-mail code or magic link, password sign-in,
 * beta signup, sessions, the pending checkout intent, and the user's own profile and avatar. A few answer fields are
 * snake_case (instant_signin, magic_link_sent, is_new_user): the published sign-in API names them so, and clients
 * read them by those names.
 */
import * as z from 'zod/mini';
import { endpoint, noBody, nullableText, success } from '../../platform/contract/endpoint.js';

const emailField = z.pipe(
  z.string({ error: 'Email required' }).check(z.trim(), z.minLength(1, 'Email required'), z.maxLength(254), z.toLowerCase()),
  z.email('Please enter a valid email address'),
);
// @__NO_SIDE_EFFECTS__
const optionalText = (max: number) => z.nullish(z.string().check(z.maxLength(max)));
/** Guest cart lines sent along at sign-in. */
const cartItemsField = z.nullish(z.array(z.unknown()).check(z.maxLength(100)));

export const signInIntent = z.nullable(z.enum(['cart_checkout', 'subscribe', 'free']));

export const user = z.object({
  id: z.string(),
  username: nullableText,
  displayName: nullableText,
  /** The address in force (or, while `emailVerified` is false, the pending address of an account never proved). */
  email: z.string(),
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link; `email` stays in force until then. */
  pendingEmail: nullableText,
  /** The file name; `avatarUrl` is where it is served, with a version query. */
  avatar: nullableText,
  avatarUrl: nullableText,
  avatarUpdatedAt: z.nullable(z.number()),
  subscriptionTier: z.enum(['free', 'toko_plus', 'admin']),
  subscriptionStatus: z.string(),
  subscriptionStartedAt: nullableText,
  subscriptionExpiresAt: nullableText,
  subscriptionSource: nullableText,
  stripeSubscriptionId: nullableText,
  isSubscriber: z.boolean(),
  isAdmin: z.boolean(),
  /** What an admin may do (catalogue, people, money, operations; an owner everything): the admin panel shows only that. */
  adminPermissions: z.array(z.enum(['catalogue', 'people', 'money', 'operations', 'owner'])),
  /** Admin accounts are flagged with isAdminAccount and requiresPassword, so the sign-in screen asks for the password. */
  isAdminAccount: z.boolean(),
  requiresPassword: z.boolean(),
  createdAt: nullableText,
});
export type User = z.infer<typeof user>;

const sent = { success, email: z.string(), message: z.string() };
/** Every sign-in answers the session's user; its token goes out only in the HttpOnly session cookie. */
const signedIn = { success, message: z.string(), user };
export const pendingAction = z.object({ action: nullableText, includeSubscription: z.boolean(), ts: z.nullable(z.number()) });
export type PendingAction = z.infer<typeof pendingAction>;

export const smartSignInAnswer = z.object({
  success,
  instant_signin: z.boolean(),
  isAdminAccount: z.boolean(),
  requiresPassword: z.boolean(),
  magic_link_sent: z.boolean(),
  codeGenerated: z.boolean(),
  is_new_user: z.boolean(),
  intent: signInIntent,
  redirectUrl: nullableText,
  message: z.string(),
});
export const smartSignIn = endpoint({
  body: z.object({ email: emailField, displayName: optionalText(100), intent: optionalText(50), cartItems: cartItemsField }),
  answer: smartSignInAnswer,
});
export const sendSignUpLinkAnswer = z.object({ ...sent, is_new_user: z.boolean() });
export const sendSignUpLink = endpoint({
  body: z.object({ email: emailField, intent: z.nullish(z.enum(['subscribe', 'free'])), displayName: optionalText(100) }),
  answer: sendSignUpLinkAnswer,
});
export const freeSignupAnswer = z.object(sent);
export const freeSignup = endpoint({ body: z.object({ email: emailField }), answer: freeSignupAnswer });
export const verifyCodeAnswer = z.object({
  ...signedIn,
  isNewUser: z.boolean(),
  subscriptionIntent: z.boolean(),
  cartCheckoutIntent: z.boolean(),
  intent: signInIntent,
  redirectUrl: nullableText,
  clientSecret: z.null(),
  requiresPassword: z.boolean(),
});
export const verifyCode = endpoint({
  body: z.object({
    email: emailField,
    code: z.string({ error: 'Please enter a 6-digit code' }).check(z.trim(), z.regex(/^\d{6}$/, 'Please enter a 6-digit code')),
  }),
  answer: verifyCodeAnswer,
});
export const verifyMagicLinkAnswer = z.object({
  ...signedIn,
  isNewUser: z.boolean(),
  subscriptionIntent: z.boolean(),
  cartCheckoutIntent: z.boolean(),
  checkoutUrl: nullableText,
});
/** The magic-link page posts the token of its URL: following a link (or a mail scanner's prefetch) changes nothing. */
export const verifyMagicLink = endpoint({
  body: z.object({ token: z.string({ error: 'Invalid magic link' }).check(z.minLength(16, 'Invalid magic link'), z.maxLength(200)) }),
  answer: verifyMagicLinkAnswer,
});
export const verifyEmailAnswer = z.object({
  success,
  message: z.string(),
  user: z.object({ displayName: nullableText, email: z.string() }),
  /** The confirmation also signed this browser in (not an admin's: it signs in with its password). */
  signedIn: z.boolean(),
  redirectUrl: z.string(),
});
/** The confirmation page posts the token and address of its URL; the address is proved and that browser signed in. */
export const verifyEmail = endpoint({
  body: z.object({
    token: z.string({ error: 'Invalid verification link' }).check(z.minLength(16, 'Invalid verification link'), z.maxLength(200)),
    email: z.string({ error: 'Invalid verification link' }).check(z.maxLength(254)),
  }),
  answer: verifyEmailAnswer,
});
/** The right password of an admin account: not signed in yet, but on to its second factor with this challenge. */
export const secondStep = z.object({
  success,
  message: z.string(),
  /** Opaque, for the admin/totp routes below; it lives 10 minutes and dies after 5 wrong codes. */
  challenge: z.string(),
  requiresTotp: z.boolean(),
  requiresTotpEnrolment: z.boolean(),
});
export type SecondStep = z.infer<typeof secondStep>;
export const loginAnswer = z.union([z.object({ ...signedIn, requiresPassword: z.boolean() }), secondStep]);
export const login = endpoint({
  body: z.object({ email: optionalText(254), username: optionalText(254), password: optionalText(200), guestCartItems: cartItemsField }),
  answer: loginAnswer,
});

const challengeField = z
  .string({ error: 'Please enter your password again' })
  .check(z.minLength(16, 'Please enter your password again'), z.maxLength(200));
const totpCode = z
  .string({ error: 'Please enter the 6-digit code from your authenticator app' })
  .check(z.trim(), z.regex(/^\d{6}$/, 'Please enter the 6-digit code from your authenticator app'));
export const adminTotpEnrolmentAnswer = z.object({ otpauthUri: z.string(), secret: z.string() });
/** An admin's enrolment: the secret for the authenticator app, as a QR code of `otpauthUri` and as text to copy. */
export const adminTotpEnrolment = endpoint({ body: z.object({ challenge: challengeField }), answer: adminTotpEnrolmentAnswer });
export const adminTotpConfirmAnswer = z.object({ ...signedIn, recoveryCodes: z.array(z.string()) });
/** A code of the new app confirms the enrolment and signs in; the recovery codes are shown this once only. */
export const adminTotpConfirm = endpoint({ body: z.object({ challenge: challengeField, code: totpCode }), answer: adminTotpConfirmAnswer });
export const adminTotpVerifyAnswer = z.object(signedIn);
const recoveryCode = z
  .string({ error: 'Please enter a recovery code' })
  .check(z.trim(), z.minLength(10, 'Please enter a recovery code'), z.maxLength(40));
/** Signs an enrolled admin in with a code of the app or, without the phone, one of the recovery codes. */
export const adminTotpVerify = endpoint({
  body: z.union([z.object({ challenge: challengeField, code: totpCode }), z.object({ challenge: challengeField, recoveryCode })]),
  answer: adminTotpVerifyAnswer,
});
export const adminStepUpAnswer = z.object({ stepUpUntil: z.string() });
/**
 * A signed-in admin's fresh code of their app, or one of their recovery codes (spent): for 5 minutes their sensitive
 * acts (refunds, exports, roles…) go through.
 */
export const adminStepUp = endpoint({
  body: z.union([z.object({ code: totpCode }), z.object({ recoveryCode })]),
  answer: adminStepUpAnswer,
});
/** An admin password's rules, as for the first admin of `npm start` and the beta signup: the enrolment page shows them. */
export const ADMIN_PASSWORD_MIN_LENGTH = 8;
export const ADMIN_PASSWORD_MAX_LENGTH = 200;
const enrolmentToken = z
  .string({ error: 'This enrolment link is incomplete. Open the whole link you were given.' })
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{43,200}$/, 'This enrolment link is incomplete. Open the whole link you were given.'));
export const adminEnrolmentAnswer = z.object({ email: z.string(), expiresAt: z.string() });
/** The address a one-time enrolment link is for, and until when it works; it changes nothing. */
export const adminEnrolment = endpoint({ body: z.object({ token: enrolmentToken }), answer: adminEnrolmentAnswer });
/** The link used: the owner's account has this password, and goes on to its second step (the authenticator app). */
export const adminEnrolmentCompleteAnswer = secondStep;
export const adminEnrolmentComplete = endpoint({
  body: z.object({
    token: enrolmentToken,
    password: z
      .string({ error: 'Choose a password' })
      .check(
        z.minLength(ADMIN_PASSWORD_MIN_LENGTH, `Your password must have at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`),
        z.maxLength(ADMIN_PASSWORD_MAX_LENGTH, `Your password must have at most ${ADMIN_PASSWORD_MAX_LENGTH} characters`),
      ),
  }),
  answer: adminEnrolmentCompleteAnswer,
});
export const betaSignupAnswer = z.object({ ...signedIn, subscriptionTier: z.string(), username: nullableText });
export const betaSignup = endpoint({
  body: z.object({
    fullName: z.string({ error: 'Full name is required' }).check(z.trim(), z.minLength(1, 'Full name is required'), z.maxLength(100)),
    username: z
      .string({ error: 'Username is required' })
      .check(z.trim(), z.regex(/^[A-Za-z0-9_.-]{3,30}$/, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores')),
    email: emailField,
    password: z.string({ error: 'Password is required' }).check(z.minLength(8, 'Password must be at least 8 characters'), z.maxLength(200)),
    confirmPassword: z.nullish(z.string().check(z.maxLength(200))),
    betaCode: optionalText(50),
    displayName: optionalText(100),
  }),
  answer: betaSignupAnswer,
});
export const logoutAnswer = z.object({ success, message: z.string() });
export const logout = endpoint({ answer: logoutAnswer });
/** Answers 302 to the home page. */
export const logoutPage = endpoint({ answer: noBody });
export const savePendingActionAnswer = z.object({ success, action: z.string(), includeSubscription: z.boolean(), ts: z.number() });
export const savePendingAction = endpoint({
  body: z.object({
    action: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
    includeSubscription: z._default(z.boolean(), false),
    ts: z.nullish(z.int().check(z.nonnegative())),
  }),
  answer: savePendingActionAnswer,
});
/** Reads the intent the cookie names, without clearing it. */
export const getPendingAction = endpoint({ answer: pendingAction });
/** Hands the intent back once: it and its cookie are cleared. */
export const takePendingAction = endpoint({ answer: pendingAction });
export const validateSessionAnswer = z.object({ user: z.nullable(user), needsAuth: z.boolean() });
export const validateSession = endpoint({ answer: validateSessionAnswer });
export const me = endpoint({ answer: user });
export const updateProfileAnswer = z.object({ success, message: z.string(), emailVerificationSent: z.boolean(), user });
/** The display name; a changed `email` is refused (409 email_change_needs_confirmation): it has its own routes below. */
export const updateProfile = endpoint({
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  body: z.object({ displayName: z.nullish(z.string().check(z.trim(), z.maxLength(100))), email: z.optional(emailField) }),
  answer: updateProfileAnswer,
});
/** Within this long of a sign-in by a code or link mailed to the address in force, changing it asks for no code. */
export const EMAIL_CHANGE_FRESH_SIGN_IN_MINUTES = 10;
export const startEmailChangeAnswer = z.object({
  success,
  message: z.string(),
  /** A code went to the address in force; POST /api/users/me/email/confirm takes it. */
  codeSent: z.boolean(),
  /** No address was in force yet: the new one replaced the pending one and was sent its confirmation link. */
  emailVerificationSent: z.boolean(),
  user,
});
/** Starts moving the account to a new address. */
export const startEmailChange = endpoint({ body: z.object({ email: emailField }), answer: startEmailChangeAnswer });
export const confirmEmailChangeAnswer = z.object({ success, message: z.string(), emailVerificationSent: z.boolean(), user });
/** The code from the address in force: the new address is asked for (`user.pendingEmail`) and sent its link. */
export const confirmEmailChange = endpoint({
  body: z.object({
    code: z.string({ error: 'Please enter a 6-digit code' }).check(z.trim(), z.regex(/^\d{6}$/, 'Please enter a 6-digit code')),
  }),
  answer: confirmEmailChangeAnswer,
});
export const uploadAvatarAnswer = z.object({ success, avatar: nullableText, filename: nullableText, user });
/** The image goes as multipart/form-data in the field `avatar`. */
export const uploadAvatar = endpoint({ answer: uploadAvatarAnswer });
