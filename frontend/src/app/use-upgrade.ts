/**
 * The "Upgrade to Toko+" action of the home banner and the sidebar card: a guest gets the sign-up modal with
 * the subscription form, a signed-in listener the checkout overlay on its pricing choice. Clicks within 1 s of
 * the last one are ignored.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useOpenAccountDialog } from '../features/auth/components/account-dialog-provider';
import { openCheckoutOverlay } from '../features/membership/checkout-overlay-store';
import { createClickLock } from '../lib/click-lock';
import { useSession, whoIsListening } from '../lib/session';

export const UPGRADE_CLICK_LOCK_MS = 1000;

// One lock for every upgrade button: a double click across two of them is still one click.
const acceptUpgradeClick = createClickLock(UPGRADE_CLICK_LOCK_MS);

export function useUpgrade(): () => void {
  const { user, isSettled } = useSession();
  const queryClient = useQueryClient();
  const openAccountDialog = useOpenAccountDialog();
  const go = (signedIn: boolean) => (signedIn ? openCheckoutOverlay() : openAccountDialog('join-plus', { showSubscriptionForm: true }));
  return () => {
    if (!acceptUpgradeClick(Date.now())) return;
    if (isSettled) go(user !== null);
    else
      void whoIsListening(queryClient).then(
        (who) => go(who !== null),
        () => go(user !== null),
      );
  };
}
