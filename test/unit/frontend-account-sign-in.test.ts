import { describe, expect, it } from 'vitest';
import { readSmartSignIn, type SmartSignInAnswer } from '../../frontend/src/features/auth/api/smart-sign-in';
import { nextStopAfterSignIn, SUBSCRIPTION_CHECKOUT_PATH } from '../../frontend/src/features/auth/complete-sign-in';
import {
  isCompleteCode,
  normalizeBetaCode,
  passwordSignInBody,
  sanitizeCode,
  saysEmailExists,
  sendFailure,
  signInReason,
  validateBetaSignup,
  verifyFailure,
} from '../../frontend/src/features/auth/sign-in-messages';
import { HttpError } from '../../frontend/src/lib/http';
import type { SessionUser } from '../../frontend/src/lib/session';

const serverError = (status: number, error: string, message: string) => new HttpError(status, JSON.stringify({ error, message }));
const offline = new TypeError('Failed to fetch');

describe('the 6-digit code input', () => {
  it('keeps digits only, at most six', () => {
    expect(sanitizeCode('12a3b4')).toBe('1234');
    expect(sanitizeCode('123 456')).toBe('123456');
    expect(sanitizeCode('123-456-789')).toBe('123456');
    expect(sanitizeCode('code: ')).toBe('');
    expect(sanitizeCode('٣')).toBe('');
  });

  it('is complete at exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
});

describe('the smart sign-in answer', () => {
  const none = { instant_signin: false, isAdminAccount: false, requiresPassword: false, magic_link_sent: false, codeGenerated: false };
  const answer = (fields: Partial<SmartSignInAnswer>) => ({ ...none, is_new_user: false, ...fields });

  it('asks an admin account for its password before anything else', () => {
    expect(readSmartSignIn(answer({ isAdminAccount: true, requiresPassword: true, magic_link_sent: true }))).toEqual({
      kind: 'admin-password',
    });
  });

  it('signs in at once when the server says so, even for an admin already signed in', () => {
    expect(readSmartSignIn(answer({ instant_signin: true, isAdminAccount: true, requiresPassword: false }))).toEqual({ kind: 'instant' });
  });

  it('moves to the code step when a code or link went out, carrying is_new_user', () => {
    expect(readSmartSignIn(answer({ magic_link_sent: true, is_new_user: true }))).toEqual({ kind: 'code-sent', isNewUser: true });
    expect(readSmartSignIn(answer({ codeGenerated: true }))).toEqual({ kind: 'code-sent', isNewUser: false });
  });

  it('treats any other answer as unexpected', () => {
    expect(readSmartSignIn(answer({}))).toEqual({ kind: 'unexpected' });
  });
});

describe('sign-in failures, each in its own words', () => {
  it('reads the server sentence when there is one', () => {
    const limited = serverError(429, 'rate_limited', 'Too many codes requested. Please wait 10 minutes.');
    expect(sendFailure(limited, 'sign-in', 'modal')).toEqual({
      title: 'Sign-in failed',
      description: 'Too many codes requested. Please wait 10 minutes.',
    });
    expect(sendFailure(limited, 'sign-up', 'modal')).toEqual({
      title: 'Authentication failed',
      description: 'Too many codes requested. Please wait 10 minutes.',
    });
  });

  it('falls back to its own words when the server gave none', () => {
    expect(sendFailure(new HttpError(502, 'Bad Gateway'), 'sign-in', 'modal')).toEqual({
      title: 'Sign-in failed',
      description: 'Please try again',
    });
    expect(sendFailure(new HttpError(502, 'Bad Gateway'), 'sign-up', 'page')).toEqual({
      title: 'Authentication failed',
      description: 'Something went wrong. Please try again.',
    });
    expect(verifyFailure(new HttpError(500, ''), 'modal')).toEqual({
      title: 'Verification failed',
      description: 'Invalid or expired code',
    });
    expect(verifyFailure(new HttpError(500, ''), 'page')).toEqual({
      title: 'Verification failed',
      description: 'Invalid code. Please try again.',
    });
  });

  it('says network error when no answer came, in the modal in one line', () => {
    expect(sendFailure(offline, 'sign-in', 'modal')).toEqual({ title: 'Network error - Please check your connection and try again' });
    expect(verifyFailure(offline, 'page')).toEqual({ title: 'Network error', description: 'Please check your connection and try again.' });
  });

  it('recognises "the e-mail already has an account", so sign-up retries with the sign-in link', () => {
    expect(saysEmailExists(serverError(409, 'email_taken', 'An account with this email already exists. Please sign in instead.'))).toBe(
      true,
    );
    expect(saysEmailExists(serverError(400, 'invalid_request', 'Please enter a valid email address'))).toBe(false);
    expect(saysEmailExists(offline)).toBe(false);
  });
});

describe('the beta signup form', () => {
  const filled = {
    fullName: 'Ada Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    password: 'analytical',
    confirmPassword: 'analytical',
    betaCode: '',
  };

  it('accepts a complete form with or without a beta code', () => {
    expect(validateBetaSignup(filled)).toBeNull();
    expect(validateBetaSignup({ ...filled, betaCode: 'toko-plus-beta' })).toBeNull();
  });

  it('requires full name, username, e-mail and password', () => {
    for (const field of ['fullName', 'username', 'email', 'password'] as const) {
      expect(validateBetaSignup({ ...filled, [field]: field === 'password' ? '' : '   ' })?.title).toBe('Missing information');
    }
  });

  it('refuses passwords that do not match', () => {
    expect(validateBetaSignup({ ...filled, confirmPassword: 'analytica' })).toEqual({
      title: 'Signup failed',
      description: 'Passwords do not match. Please try again.',
    });
  });

  it('refuses an address that is not one', () => {
    expect(validateBetaSignup({ ...filled, email: 'ada@' })?.description).toBe('Please enter a valid email address');
  });

  it('uppercases the beta code', () => {
    expect(normalizeBetaCode(' toko-plus-beta ')).toBe('TOKO-PLUS-BETA');
  });
});

describe('where sign-in goes next', () => {
  const free = { id: 'u1', subscriptionTier: 'free' } as SessionUser;
  const plus = { id: 'u1', subscriptionTier: 'toko_plus', isSubscriber: true } as SessionUser;
  const result = { email: 'a@example.com', isNewUser: true, subscriptionIntent: false };

  it('goes to Toko+ checkout with the subscription intent, unless already subscribed', () => {
    expect(nextStopAfterSignIn({ ...result, subscriptionIntent: true }, free)).toBe(SUBSCRIPTION_CHECKOUT_PATH);
    expect(nextStopAfterSignIn({ ...result, subscriptionIntent: true }, plus, '/')).toBe('/');
  });

  it("follows the server's redirect, else the page's own next stop, else stays", () => {
    expect(nextStopAfterSignIn({ ...result, redirectUrl: '/cart' }, free, '/')).toBe('/cart');
    expect(nextStopAfterSignIn(result, free, '/library')).toBe('/library');
    expect(nextStopAfterSignIn(result, free)).toBeNull();
  });
});

describe('the password form', () => {
  it('sends an address as the e-mail and anything else as the username, trimmed', () => {
    expect(passwordSignInBody(' Fan@Example.com ', 'pw')).toEqual({ email: 'Fan@Example.com', password: 'pw' });
    expect(passwordSignInBody(' beta_fan ', 'pw')).toEqual({ username: 'beta_fan', password: 'pw' });
  });
});

describe('why the sign-in modal asks for an account', () => {
  it('asks a guest keeping an album to sign in to keep it, even an exclusive one', () => {
    expect(signInReason({ albumTitle: 'Paper Satellites', requiredTier: 'free', action: 'keep' })).toBe(
      'Sign in to keep “Paper Satellites” in your library.',
    );
    expect(signInReason({ albumTitle: 'Night Garden', requiredTier: 'toko_plus', isExclusive: true, action: 'keep' })).toBe(
      'Sign in to keep “Night Garden” in your library.',
    );
  });

  it('asks a guest playing an album to sign in to listen, or says an exclusive one is for members', () => {
    expect(signInReason({ albumTitle: 'Paper Satellites', requiredTier: 'free' })).toBe('Sign in to listen to “Paper Satellites”.');
    expect(signInReason({ albumTitle: 'Night Garden', requiredTier: 'toko_plus', isExclusive: true })).toBe(
      '“Night Garden” is exclusive to Toko+ members.',
    );
    expect(signInReason(undefined)).toBeNull();
  });
});
