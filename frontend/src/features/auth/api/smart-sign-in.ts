/** POST /api/auth/smart-signin: the sign-in modal's e-mail step; the server decides how this person gets in. */
import type * as z from 'zod/mini';
import { smartSignInAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';

export type SmartSignInAnswer = z.infer<typeof smartSignInAnswer>;

export type SmartSignInOutcome =
  | { kind: 'admin-password' }
  | { kind: 'instant' }
  | { kind: 'code-sent'; isNewUser: boolean }
  | { kind: 'unexpected' };

/** The three answers the server gives, most specific first; anything else is an error for the screen. */
export function readSmartSignIn(
  answer: Pick<
    SmartSignInAnswer,
    'isAdminAccount' | 'requiresPassword' | 'instant_signin' | 'magic_link_sent' | 'codeGenerated' | 'is_new_user'
  >,
): SmartSignInOutcome {
  if (answer.isAdminAccount && answer.requiresPassword) return { kind: 'admin-password' };
  if (answer.instant_signin) return { kind: 'instant' };
  if (answer.magic_link_sent || answer.codeGenerated) return { kind: 'code-sent', isNewUser: answer.is_new_user };
  return { kind: 'unexpected' };
}

/** What a sign-in started from a checkout carries: the intent (the code's answer then names where it resumes) and the guest cart. */
interface SignInIntentFields {
  intent: 'cart_checkout';
  cartItems: unknown[];
}

export const smartSignIn = (email: string, carried?: SignInIntentFields): Promise<SmartSignInAnswer> =>
  api('POST /api/auth/smart-signin', smartSignInAnswer, { body: carried ? { email, displayName: '', ...carried } : { email } });
