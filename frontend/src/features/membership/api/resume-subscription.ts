/** POST /api/subscription/resume: takes back a cancellation before the period ends, so the plan renews again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resumeSubscriptionAnswer } from '#contract/membership.js';
import { api } from '../../../lib/http';
import { sessionKeys } from '../../../lib/session';
import { membershipKeys } from './membership-keys';

export const resumeSubscription = () => api('POST /api/subscription/resume', resumeSubscriptionAnswer);

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    // The subscription card and the session's status both change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membershipKeys.subscription() }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]),
  });
}
