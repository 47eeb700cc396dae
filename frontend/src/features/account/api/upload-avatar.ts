/** POST /api/avatar-upload: the cropped 400x400 JPEG as the multipart field `avatar`; answers its new address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { sessionKeys, userSchema, type SessionUser } from '../../../lib/session';

const answerSchema = z.object({ avatar: z.string(), filename: z.nullish(z.string()), user: z.optional(z.unknown()) });

export function uploadAvatar(picture: Blob) {
  const form = new FormData();
  form.append('avatar', picture, 'avatar.jpg');
  return request('/api/avatar-upload', answerSchema, { method: 'POST', body: form });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (answer) => {
      // The answer's address carries the new version, so every avatar on screen changes at once.
      const user = z.safeParse(userSchema, answer.user);
      queryClient.setQueryData<SessionUser | null>(sessionKeys.me(), (current) =>
        user.success ? user.data : current ? { ...current, avatar: answer.avatar, avatarUrl: answer.avatar } : current,
      );
    },
  });
}
