/** PUT /api/users/{id}: the listener's display name (a new e-mail address has its own confirmation: change-email.ts). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateProfileAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';
import { sessionKeys, type SessionUser } from '../../../lib/session';

export interface ProfileChange {
  displayName: string;
}

export const updateProfile = (userId: string, change: ProfileChange) =>
  api('PUT /api/users/{id}', updateProfileAnswer, { params: { id: userId }, body: change });

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileChange) => updateProfile(userId, change),
    onSuccess: (answer) => {
      queryClient.setQueryData<SessionUser | null>(sessionKeys.me(), answer.user);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
