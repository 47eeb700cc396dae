/** Deleting one's own account: POST /api/users/me/deletion mails a code, POST /api/users/me/deletion/confirm with it deletes. */
import { useMutation } from '@tanstack/react-query';
import { confirmDeletionAnswer, requestDeletionAnswer } from '#contract/user-data.js';
import { request } from '../../../lib/http';

export const requestAccountDeletion = () => request('/api/users/me/deletion', requestDeletionAnswer, { method: 'POST' });

export const confirmAccountDeletion = (code: string) =>
  request('/api/users/me/deletion/confirm', confirmDeletionAnswer, { method: 'POST', body: { code } });

export const useRequestAccountDeletion = () => useMutation({ mutationFn: requestAccountDeletion });
export const useConfirmAccountDeletion = () => useMutation({ mutationFn: confirmAccountDeletion });
