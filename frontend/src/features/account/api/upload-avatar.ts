/** POST /api/avatar-upload: the cropped 400x400 JPEG as the multipart field `avatar`; answers the user with its new address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadAvatarAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';
import { sessionKeys, type SessionUser } from '../../../lib/session';

export function uploadAvatar(picture: Blob) {
  const form = new FormData();
  form.append('avatar', picture, 'avatar.jpg');
  return api('POST /api/avatar-upload', uploadAvatarAnswer, { body: form });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The user's avatar address carries the new version, so every avatar on screen changes at once.
    onSuccess: (answer) => queryClient.setQueryData<SessionUser | null>(sessionKeys.me(), answer.user),
  });
}
