/** POST /api/subscription/portal: the address of Stripe's customer portal (card, cancel, resume) for the member. */
import { useMutation } from '@tanstack/react-query';
import { openBillingPortalAnswer } from '#contract/membership.js';
import { api } from '../../../lib/http';

export const openBillingPortal = () => api('POST /api/subscription/portal', openBillingPortalAnswer);

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    // The portal is Stripe's page: the member leaves the app, and its return URL brings them back to /account.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
