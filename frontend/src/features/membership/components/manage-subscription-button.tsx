/** "Manage Subscription": opens the member's billing portal (card, plan, cancel, resume) and shows why when it cannot. */
import { CreditCard } from 'lucide-react';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useOpenBillingPortal } from '../api/open-billing-portal';

export function ManageSubscriptionButton() {
  const portal = useOpenBillingPortal();
  const open = () =>
    portal.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not open billing',
          description: serverMessageOf(error) ?? 'Please try again in a moment.',
          duration: 4000,
        }),
    });
  // Still pending while the browser leaves for the portal.
  const busy = portal.isPending || portal.isSuccess;
  return (
    <Button variant="secondary" icon={CreditCard} onClick={open} disabled={busy} aria-busy={busy}>
      {busy ? 'Opening billing…' : 'Manage Subscription'}
    </Button>
  );
}
