/**
 * /upgrade?email=&name=&intent=subscription: the Toko+ amounts, the beta coupon box and the e-mail checkout
 * goes out to. Choosing an amount asks the server for a hosted checkout (the coupon uppercased); a guest
 * signs in first and the checkout then starts by itself. Links to /login and /.
 */
import { Crown, Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { buttonClass } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { EmailField, FormAlert, TextField } from '../../../ui/text-field';
import { SignInPrompt, useOpenAccountDialog } from '../../auth';
import { useCreateSubscription } from '../api/create-subscription';
import { upgradeFailure, type Notice } from '../membership-messages';
import type { PlanAmount } from '../plans';
import { PlanTierList } from './plan-tier-list';
import { ResultCard } from './result-card';

const emailRequired: Notice = { title: 'Email Required', description: 'Please enter your email address' };

export function UpgradePage() {
  useDocumentTitle(`Upgrade to ${brand.productPlus}`);
  const [params] = useSearchParams();
  const name = params.get('name')?.trim() || null;
  const finishingJoin = params.get('intent') === 'subscription';
  const { user, isLoading, isSubscriber } = useSession();
  const openAccountDialog = useOpenAccountDialog();
  const create = useCreateSubscription();

  const [email, setEmail] = useState(params.get('email')?.trim() ?? '');
  const [coupon, setCoupon] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Notice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<PlanAmount | null>(null);

  const choose = (amount: PlanAmount, signedInEmail?: string | null) => {
    const address = (signedInEmail ?? user?.email ?? email).trim();
    if (!address) {
      setFailure(emailRequired);
      return;
    }
    setFailure(null);
    setCouponError(null);
    setNotice(null);
    create.mutate(
      { email: address, amount, couponCode: coupon },
      {
        onSuccess: (answer) => {
          if (answer.needsVerification) {
            setNotice(answer.message);
            openAccountDialog('sign-in', { onSuccess: (signedIn) => signedIn && choose(amount, signedIn.email) });
            return;
          }
          if (!answer.url) {
            setFailure({ title: 'Checkout Error', description: 'Failed to create checkout session' });
            return;
          }
          setLeaving(amount);
          window.location.assign(answer.url);
        },
        onError: (error) => {
          const failed = upgradeFailure(error);
          if (failed.field === 'coupon') setCouponError(failed.message);
          else setFailure(failed.notice);
        },
      },
    );
  };

  if (!isLoading && isSubscriber) {
    return (
      <ResultCard
        testId="upgrade-page"
        state="member"
        tone="welcome"
        title={`You already have ${brand.productPlus}`}
        actions={
          <>
            <Link to="/exclusive" className={buttonClass()}>
              Go to Exclusive Content
            </Link>
            <Link to="/account" className={buttonClass('secondary')}>
              Manage Subscription
            </Link>
          </>
        }
      >
        <p>Thank you for supporting the artists. Your exclusive albums and videos are waiting.</p>
      </ResultCard>
    );
  }

  const busyAmount = leaving ?? (create.isPending ? (create.variables?.amount ?? null) : null);

  return (
    <div className="mx-auto max-w-4xl space-y-8" data-testid="upgrade-page">
      <header className="space-y-3">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-accent">
          <Crown aria-hidden="true" className="size-4" />
          {brand.productPlus}
        </p>
        <h1 className="text-3xl font-extrabold text-zinc-50 md:text-4xl">Upgrade to {brand.productPlus}</h1>
        <p className="max-w-2xl text-zinc-300">
          {name ? `${name}, support` : 'Support'} the artists directly and get exclusive and unreleased tracks, early access, high-quality
          downloads and member prices on albums and merch.
        </p>
        {finishingJoin && (
          <p className="rounded-lg border border-accent/30 bg-accent/10 px-3 py-2 text-sm text-zinc-100" data-testid="finish-join">
            One step left: choose your amount to finish joining {brand.productPlus}.
          </p>
        )}
      </header>

      <section
        aria-labelledby="checkout-details"
        className="grid gap-5 rounded-2xl border border-white/10 bg-zinc-900 p-5 md:grid-cols-2 md:p-6"
      >
        <h2 id="checkout-details" className="sr-only">
          Checkout details
        </h2>
        {isLoading ? (
          <Skeleton className="h-16 w-full" />
        ) : user ? (
          <div className="text-sm">
            <p className="text-zinc-400">Checking out as</p>
            <p className="mt-1 truncate font-semibold text-zinc-50" data-testid="checkout-email">
              {user.email ?? 'your account'}
            </p>
          </div>
        ) : (
          <div className="space-y-2">
            <EmailField value={email} onChange={(event) => setEmail(event.target.value)} hint="Your receipt and sign-in code go here." />
            <SignInPrompt className="text-sm text-zinc-300" />
          </div>
        )}
        <TextField
          label="Beta coupon (optional)"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="[&_input]:uppercase"
          value={coupon}
          onChange={(event) => {
            setCoupon(event.target.value);
            setCouponError(null);
          }}
          error={couponError}
          hint={
            <span className="flex items-center gap-1.5">
              <Ticket aria-hidden="true" className="size-3.5 shrink-0" />
              Beta testers: your code gives 2 months free, whatever amount you choose.
            </span>
          }
        />
      </section>

      {failure && <FormAlert {...failure} />}
      {notice && (
        <p role="status" className="rounded-lg border border-white/10 bg-white/5 px-3 py-2 text-sm text-zinc-100">
          {notice}
        </p>
      )}

      <section aria-labelledby="choose-amount" className="space-y-4">
        <div>
          <h2 id="choose-amount" className="text-xl font-bold text-zinc-50">
            Choose your amount
          </h2>
          <p className="text-sm text-zinc-300">Every amount gets the same benefits. Cancel anytime.</p>
        </div>
        <PlanTierList onChoose={(amount) => choose(amount)} busyAmount={busyAmount} />
      </section>

      <p className="text-center text-sm">
        <Link to="/" className="font-semibold text-zinc-300 underline-offset-2 hover:text-zinc-50 hover:underline">
          Maybe later
        </Link>
      </p>
    </div>
  );
}
