/** PUT /api/users/{id}: the listener's display name and e-mail (a changed e-mail is verified again by mail). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { sessionKeys, userSchema, type SessionUser } from '../../../lib/session';

export interface ProfileChange {
  displayName: string;
  email: string;
}

// The answer may be the updated user (or wrap it as { user }); anything else just means "saved".
const answerSchema = z.unknown();

export const updateProfile = (userId: string, change: ProfileChange) =>
  request(`/api/users/${encodeURIComponent(userId)}`, answerSchema, { method: 'PUT', body: change });

function updatedUser(answer: unknown): SessionUser | null {
  const direct = z.safeParse(userSchema, answer);
  if (direct.success) return direct.data;
  const wrapped = z.safeParse(z.object({ user: userSchema }), answer);
  return wrapped.success ? wrapped.data.user : null;
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileChange) => updateProfile(userId, change),
    onSuccess: (answer, change) => {
      const user = updatedUser(answer);
      queryClient.setQueryData<SessionUser | null>(
        sessionKeys.me(),
        (current) => user ?? (current ? { ...current, displayName: change.displayName || null, email: change.email } : current),
      );
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
