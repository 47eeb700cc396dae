/**
 * POST /api/users/me/email and /api/users/me/email/confirm: moving the account to a new address, confirmed by a code
 * mailed to the address in force (or by a fresh sign-in), then by a link mailed to the new one (pending until then).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmEmailChangeAnswer, startEmailChangeAnswer } from '#contract/accounts.js';
export { EMAIL_CHANGE_FRESH_SIGN_IN_MINUTES } from '#contract/accounts.js';
import { api } from '../../../lib/http';
import { sessionKeys, type SessionUser } from '../../../lib/session';

export const startEmailChange = (email: string) => api('POST /api/users/me/email', startEmailChangeAnswer, { body: { email } });

export const confirmEmailChange = (code: string) => api('POST /api/users/me/email/confirm', confirmEmailChangeAnswer, { body: { code } });

function useSessionUserUpdate() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    queryClient.setQueryData<SessionUser | null>(sessionKeys.me(), user);
    return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  };
}

export function useStartEmailChange() {
  const setUser = useSessionUserUpdate();
  return useMutation({ mutationFn: startEmailChange, onSuccess: (answer) => setUser(answer.user) });
}

export function useConfirmEmailChange() {
  const setUser = useSessionUserUpdate();
  return useMutation({ mutationFn: confirmEmailChange, onSuccess: (answer) => setUser(answer.user) });
}
