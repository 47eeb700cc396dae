/** Deleting one's own account: POST /api/users/me/deletion mails a code, POST /api/users/me/deletion/confirm with it deletes. */
import { useMutation } from '@tanstack/react-query';
import { confirmDeletionAnswer, requestDeletionAnswer } from '#contract/user-data.js';
import { api } from '../../../lib/http';

export const requestAccountDeletion = () => api('POST /api/users/me/deletion', requestDeletionAnswer);

export const confirmAccountDeletion = (code: string) =>
  api('POST /api/users/me/deletion/confirm', confirmDeletionAnswer, { body: { code } });

export const useRequestAccountDeletion = () => useMutation({ mutationFn: requestAccountDeletion });
export const useConfirmAccountDeletion = () => useMutation({ mutationFn: confirmAccountDeletion });
