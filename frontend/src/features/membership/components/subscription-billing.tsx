/**
 * The billing of a Toko+ membership on /account: the amount, the next billing date (or when it ends), a
 * free trial's end, cancelling at the end of the period already paid (after a confirmation), and taking that back
 * before the period ends.
 */
import { useState } from 'react';
import { brand } from '../../../lib/brand';
import { formatMoney, formatReleaseDate } from '../../../lib/format';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { ErrorState } from '../../../ui/status-message';
import { toast } from '../../../ui/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import type { Subscription } from '#contract/membership.js';
import { useSubscription } from '../api/get-subscription';
import { cancelFailure } from '../membership-messages';

export function SubscriptionBilling() {
  const subscription = useSubscription();

  if (subscription.isPending) {
    return (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading your billing…</span>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-10 w-44 rounded-full" />
      </div>
    );
  }
  if (subscription.isError) {
    return <ErrorState title="Error checking subscription" error={subscription.error} onRetry={() => void subscription.refetch()} />;
  }
  const plan = subscription.data;
  if (!plan.active) {
    return (
      <p className="text-sm text-zinc-300" data-testid="subscription-billing" data-state="none">
        Your {brand.productPlus} membership has no billing to manage.
      </p>
    );
  }
  return <ActivePlan plan={plan} />;
}

function ActivePlan({ plan }: { plan: Subscription }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const ending = Boolean(plan.cancelAtPeriodEnd);
  const endsAt = plan.endsAt ?? plan.nextBillingDate ?? null;

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        const until = answer.endsAt ?? endsAt;
        toast({
          variant: 'success',
          title: 'Subscription cancelled',
          description: until
            ? `You keep ${brand.productPlus} until ${formatReleaseDate(until)}.`
            : `Your ${brand.productPlus} membership will end.`,
          duration: 4000,
        });
      },
      onError: (error) => {
        const failure = cancelFailure(error);
        toast({ variant: 'destructive', title: failure.title, description: failure.description, duration: 4000 });
      },
    });

  const resumePlan = () =>
    resume.mutate(undefined, {
      onSuccess: (answer) =>
        toast({
          variant: 'success',
          title: 'Subscription resumed',
          description: `Your ${brand.productPlus} plan renews on ${formatReleaseDate(answer.renewsAt)}.`,
          duration: 4000,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not resume',
          description: serverMessageOf(error) ?? 'Please try again in a moment.',
          duration: 4000,
        }),
    });

  return (
    <div className="space-y-4" data-testid="subscription-billing" data-state={ending ? 'ending' : 'active'}>
      <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
        {plan.amount !== null && plan.amount !== undefined && (
          <div>
            <dt className="text-zinc-400">Amount</dt>
            <dd className="mt-0.5 font-semibold text-zinc-50">{formatMoney(plan.amount / 100)}/month</dd>
          </div>
        )}
        {ending && endsAt ? (
          <div>
            <dt className="text-zinc-400">Ends on</dt>
            <dd className="mt-0.5 font-semibold text-zinc-50" data-testid="ends-on">
              {formatReleaseDate(endsAt)}
            </dd>
          </div>
        ) : (
          plan.nextBillingDate && (
            <div>
              <dt className="text-zinc-400">Next billing date</dt>
              <dd className="mt-0.5 font-semibold text-zinc-50">{formatReleaseDate(plan.nextBillingDate)}</dd>
            </div>
          )
        )}
        {plan.trialEndsAt && !ending && (
          <div>
            <dt className="text-zinc-400">Free trial until</dt>
            <dd className="mt-0.5 font-semibold text-zinc-50">{formatReleaseDate(plan.trialEndsAt)}</dd>
          </div>
        )}
      </dl>
      {ending ? (
        <div className="space-y-3">
          <p className="text-sm text-zinc-300">Your membership is cancelled and will not renew. You keep every benefit until it ends.</p>
          <Button onClick={resumePlan} disabled={resume.isPending}>
            {resume.isPending ? 'Resuming…' : 'Resume Subscription'}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Cancel Subscription
        </Button>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
        title={`Cancel your ${brand.productPlus} subscription?`}
        description={
          endsAt
            ? `You keep ${brand.productPlus} until ${formatReleaseDate(endsAt)}. After that your account returns to the free plan and you won't be charged again.`
            : `Your account returns to the free plan at the end of the period already paid.`
        }
      >
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
            Keep {brand.productPlus}
          </Button>
          <Button onClick={confirmCancel} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Yes, cancel'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
