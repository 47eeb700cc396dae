/**
 * /subscribe?email=&name=: the join page. A guest gets Sign Up and Sign In tabs (the app's own sign-in flow,
 * handed in by the route) beside what Toko+ brings; a signed-in listener chooses an amount (the checkout
 * overlay) or takes the hosted checkout page; a member goes straight to /exclusive.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { Crown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { cx } from '../../../lib/class-names';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { LoadingStatus, Skeleton } from '../../../ui/skeleton';
import { FormAlert } from '../../../ui/text-field';
import { startHostedCheckout } from '../api/start-checkout';
import { openCheckoutOverlay } from '../checkout-overlay-store';
import { checkoutFailed } from '../membership-messages';
import { DEFAULT_PLAN_AMOUNT } from '../plans';
import { perMonth, PlanTierList, PlusBenefits } from './plan-tier-list';
import { TextButton } from '../../../ui/button';

export type JoinTab = 'sign-up' | 'sign-in';

export interface SubscribePageProps {
  /** The sign-in flow for a tab; the page re-creates it when the tab changes. */
  renderSignIn: (tab: JoinTab, prefill: { email: string; name: string }) => ReactNode;
}

export function SubscribePage({ renderSignIn }: SubscribePageProps) {
  useDocumentTitle(`Join ${brand.productPlus}`);
  const [params] = useSearchParams();
  const prefill = { email: params.get('email')?.trim() ?? '', name: params.get('name')?.trim() ?? '' };
  const { user, isLoading, isSubscriber } = useSession();
  const [tab, setTab] = useState<JoinTab>('sign-up');

  if (isSubscriber) return <Navigate to="/exclusive" replace />;

  return (
    <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[1fr_minmax(0,26rem)]" data-testid="subscribe-page">
      <section aria-labelledby="plus-pitch" className="space-y-5">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-accent">
          <Crown aria-hidden="true" className="size-4" />
          {brand.productPlus}
        </p>
        <h2 id="plus-pitch" className="text-3xl font-extrabold text-zinc-50 md:text-4xl">
          {prefill.name ? `${prefill.name}, get closer to the music` : 'Get closer to the music'}
        </h2>
        <PlusBenefits className="space-y-2 text-zinc-200" large />
        <p className="text-sm text-zinc-300">From {perMonth(DEFAULT_PLAN_AMOUNT)}. Every amount gets the same benefits. Cancel anytime.</p>
      </section>

      <div className="rounded-2xl border border-white/10 bg-zinc-900 p-5 md:p-6">
        {isLoading ? (
          <LoadingStatus label="Loading your account…" className="space-y-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-11 w-full" />
          </LoadingStatus>
        ) : user ? (
          <MemberCheckout />
        ) : (
          <Tabs.Root value={tab} onValueChange={(next) => setTab(next as JoinTab)}>
            <Tabs.List aria-label={`Join ${brand.productPlus}`} className="mb-5 grid grid-cols-2 rounded-full bg-white/5 p-1">
              {(['sign-up', 'sign-in'] as const).map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className={cx(
                    'rounded-full px-3 py-2 text-sm font-semibold text-zinc-300 transition hover:text-zinc-50',
                    'data-[state=active]:bg-accent data-[state=active]:text-accent-foreground',
                  )}
                >
                  {value === 'sign-up' ? 'Sign Up' : 'Sign In'}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="sign-up" className="focus:outline-none">
              {tab === 'sign-up' && renderSignIn('sign-up', prefill)}
            </Tabs.Content>
            <Tabs.Content value="sign-in" className="focus:outline-none">
              {tab === 'sign-in' && renderSignIn('sign-in', prefill)}
            </Tabs.Content>
          </Tabs.Root>
        )}
      </div>

      {!isLoading && !user && (
        <section aria-labelledby="tiers-heading" className="space-y-3 lg:col-span-2">
          <h2 id="tiers-heading" className="text-xl font-bold text-zinc-50">
            Pay what you like
          </h2>
          <p className="text-sm text-zinc-300">Create your account above, then choose your amount at checkout.</p>
          <PlanTierList />
        </section>
      )}
    </div>
  );
}

/** A signed-in listener: an amount opens the checkout overlay; the hosted checkout page is one link away. */
function MemberCheckout() {
  const [hosted, setHosted] = useState<'idle' | 'starting' | 'failed'>('idle');

  const payOnHostedPage = () => {
    setHosted('starting');
    startHostedCheckout(DEFAULT_PLAN_AMOUNT).then(
      (url) => window.location.assign(url),
      (error: unknown) => {
        console.error(error);
        setHosted('failed');
      },
    );
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold text-zinc-50">Choose your amount</h1>
      <p className="text-sm text-zinc-300">Every amount gets the same benefits. Cancel anytime.</p>
      <PlanTierList compact onChoose={(amount) => openCheckoutOverlay(amount)} />
      {hosted === 'failed' && <FormAlert {...checkoutFailed} />}
      <p className="text-sm text-zinc-300">
        Prefer a full page?{' '}
        <TextButton onClick={payOnHostedPage} disabled={hosted === 'starting'}>
          {hosted === 'starting' ? 'Opening checkout...' : `Pay ${perMonth(DEFAULT_PLAN_AMOUNT)} on the secure checkout page`}
        </TextButton>
      </p>
    </div>
  );
}
