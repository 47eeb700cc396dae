/** POST /api/subscription/cancel: ends the membership at the close of the period already paid. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelSubscriptionAnswer } from '#contract/membership.js';
import { api } from '../../../lib/http';
import { sessionKeys } from '../../../lib/session';
import { membershipKeys } from './membership-keys';

export const cancelSubscription = () => api('POST /api/subscription/cancel', cancelSubscriptionAnswer);

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
