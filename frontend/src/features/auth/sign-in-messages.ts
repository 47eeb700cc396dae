/**
 * The rules and words of signing in, kept pure so they are tested once: the code input's sanitising and the
 * sign-in errors' wording (which differs between the sign-in modal and the full pages).
 */
import { brand } from '../../lib/brand';
import { isValidEmail } from '../../lib/email';
import { HttpError, isNetworkError, serverMessageOf } from '../../lib/http';

const CODE_LENGTH = 6;

/** Digits only, at most six: typing letters does nothing, pasting "123 456" or "123-456" gives "123456". */
export const sanitizeCode = (raw: string): string => raw.replace(/\D/g, '').slice(0, CODE_LENGTH);

export const isCompleteCode = (code: string): boolean => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);

/** Where the flow is shown: the modal and the pages word some failures differently. */
export type Surface = 'modal' | 'page';

/** How the e-mail step sends its message: smart sign-in (sign-in variant) or the sign-up link (sign-up variant). */
export type SignInMode = 'sign-in' | 'sign-up';

export interface Notice {
  title: string;
  description?: string;
}

/** What the password form sends: an address has an @, anything else is a username (a beta signup's). */
export const passwordSignInBody = (
  identifier: string,
  password: string,
): { email: string; password: string } | { username: string; password: string } => {
  const trimmed = identifier.trim();
  return trimmed.includes('@') ? { email: trimmed, password } : { username: trimmed, password };
};

/**
 * Why the modal asks for an account, in the album's own words: keeping an album asks to sign in to keep it,
 * whatever it takes to play it; playing an exclusive one says it is for members.
 */
export function signInReason(
  context: { albumTitle?: string; isExclusive?: boolean; requiredTier?: string; action?: 'listen' | 'keep' } | undefined,
): string | null {
  if (!context?.albumTitle) return null;
  if (context.action === 'keep') return `Sign in to keep “${context.albumTitle}” in your library.`;
  if (context.isExclusive || context.requiredTier === brand.tierPlus)
    return `“${context.albumTitle}” is exclusive to ${brand.productPlus} members.`;
  return `Sign in to listen to “${context.albumTitle}”.`;
}

export const emailRequired: Notice = { title: 'Email required', description: 'Please enter your email address' };
export const invalidCode: Notice = { title: 'Invalid code', description: 'Please enter a 6-digit code' };
export const adminFieldsMissing: Notice = { title: 'Missing information', description: 'Please enter both email/username and password' };

function networkFailure(surface: Surface): Notice {
  return surface === 'modal'
    ? { title: 'Network error - Please check your connection and try again' }
    : { title: 'Network error', description: 'Please check your connection and try again.' };
}

/** The e-mail step failed: the server's words when it gave any. */
export function sendFailure(error: unknown, mode: SignInMode, surface: Surface): Notice {
  if (isNetworkError(error)) return networkFailure(surface);
  const server = serverMessageOf(error);
  return mode === 'sign-in'
    ? { title: 'Sign-in failed', description: server ?? 'Please try again' }
    : { title: 'Authentication failed', description: server ?? 'Something went wrong. Please try again.' };
}

/** The code was refused (wrong, expired, used, too many tries) or could not be checked. */
export function verifyFailure(error: unknown, surface: Surface): Notice {
  if (isNetworkError(error)) return networkFailure(surface);
  return {
    title: 'Verification failed',
    description: serverMessageOf(error) ?? (surface === 'modal' ? 'Invalid or expired code' : 'Invalid code. Please try again.'),
  };
}

export function adminLoginFailure(error: unknown, surface: Surface): Notice {
  if (isNetworkError(error)) return networkFailure(surface);
  return { title: 'Login failed', description: serverMessageOf(error) ?? 'Please check your credentials and try again.' };
}

/** The sign-up call says the address already has an account: the sign-up is retried as a sign-in link then. */
export const saysEmailExists = (error: unknown): boolean =>
  error instanceof HttpError && /already (exists|registered|in use)|e-?mail exists|account exists|email_exists/i.test(error.message);

export interface BetaSignupForm {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  betaCode: string;
}

/** The beta signup's checks, in the order a person fixes them; null when the form may be sent. */
export function validateBetaSignup(form: BetaSignupForm): Notice | null {
  if (!form.fullName.trim() || !form.username.trim() || !form.email.trim() || !form.password) {
    return { title: 'Missing information', description: 'Please fill in your full name, username, email and password' };
  }
  if (!isValidEmail(form.email)) return { title: 'Invalid email', description: 'Please enter a valid email address' };
  if (form.password !== form.confirmPassword) return { title: 'Signup failed', description: 'Passwords do not match. Please try again.' };
  return null;
}

/** Beta codes are typed in any case and sent uppercased; an empty one is not sent. */
export const normalizeBetaCode = (code: string): string => code.trim().toUpperCase();

/** The code of the authenticator app, or a recovery code, was refused or could not be checked. */
export function secondFactorFailure(error: unknown, surface: Surface): Notice {
  if (isNetworkError(error)) return networkFailure(surface);
  return { title: 'Verification failed', description: serverMessageOf(error) ?? 'Please check the code and try again.' };
}

/** The second step is over (expired, or too many wrong codes): the admin starts again from the password. */
export const needsPasswordAgain = (error: unknown): boolean =>
  error instanceof HttpError && (error.status === 429 || (error.status === 401 && /password again/i.test(error.serverMessage ?? '')));

/** A recovery code as typed: letters and digits, in any case, with or without the dash. */
export const isRecoveryCode = (raw: string): boolean => raw.replace(/[^a-z0-9]/gi, '').length === 10;
