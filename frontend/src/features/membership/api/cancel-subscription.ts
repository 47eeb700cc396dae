/** POST /api/subscription/cancel: ends the membership at the close of the period already paid. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { sessionKeys } from '../../../lib/session';
import { membershipKeys } from './membership-keys';

const cancelAnswerSchema = z.object({ cancelled: z.boolean(), endsAt: z.nullish(z.string()) });

export const cancelSubscription = () => request('/api/subscription/cancel', cancelAnswerSchema, { method: 'POST' });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    // The subscription card and the session's status both change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membershipKeys.subscription() }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]),
  });
}
