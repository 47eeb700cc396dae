/** POST /api/auth/smart-signin: the sign-in modal's e-mail step; the server decides how this person gets in. */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const smartSignInAnswerSchema = z.object({
  instant_signin: z.nullish(z.boolean()),
  isAdminAccount: z.nullish(z.boolean()),
  requiresPassword: z.nullish(z.boolean()),
  magic_link_sent: z.nullish(z.boolean()),
  codeGenerated: z.nullish(z.boolean()),
  is_new_user: z.nullish(z.boolean()),
  intent: z.nullish(z.string()),
  redirectUrl: z.nullish(z.string()),
  message: z.nullish(z.string()),
});
export type SmartSignInAnswer = z.infer<typeof smartSignInAnswerSchema>;

export type SmartSignInOutcome =
  { kind: 'admin-password' } | { kind: 'instant' } | { kind: 'code-sent'; isNewUser: boolean } | { kind: 'unexpected' };

/** The three answers the spec names, most specific first; anything else is an error for the screen. */
export function readSmartSignIn(answer: SmartSignInAnswer): SmartSignInOutcome {
  if (answer.isAdminAccount && answer.requiresPassword) return { kind: 'admin-password' };
  if (answer.instant_signin) return { kind: 'instant' };
  if (answer.magic_link_sent || answer.codeGenerated) return { kind: 'code-sent', isNewUser: Boolean(answer.is_new_user) };
  return { kind: 'unexpected' };
}

export const smartSignIn = (email: string): Promise<SmartSignInAnswer> =>
  request('/api/auth/smart-signin', smartSignInAnswerSchema, { method: 'POST', body: { email } });

export const useSmartSignIn = () => useMutation({ mutationFn: smartSignIn });
