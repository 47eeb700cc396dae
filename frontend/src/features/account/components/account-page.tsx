/**
 * /account: the subscription card with its billing (manage, cancel), profile info, links to purchases and upgrading, the
 * listener's own data, and sign out.
 */
import { Crown, Receipt, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatReleaseDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { buttonClass } from '../../../ui/button';
import { Section } from '../../../ui/section';
import { EmptyState } from '../../../ui/status-message';
import { SubscriptionBilling } from '../../membership';
import { isPaid } from '../subscription-wording';
import { MyDataSection } from './my-data-section';
import { LogOutButton, ProfileSkeleton, SubscriptionDetails } from './profile-page';
import { displayNameOf, UserAvatar } from './user-avatar';

export function AccountPage() {
  useDocumentTitle('Account');
  const { user, isLoading } = useSession();

  if (isLoading) return <ProfileSkeleton />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md" data-testid="signed-out-notice">
        <EmptyState icon={UserRound} title="Sign in to manage your account">
          <p>Your subscription, purchases and profile live in your {brand.product} account.</p>
          <Link to="/login" className={buttonClass('primary', 'mt-4')}>
            Sign In
          </Link>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="account-page">
      <h1 className="text-3xl font-extrabold text-zinc-50">Account</h1>
      <SubscriptionDetails user={user} />
      {isPaid(user) && (
        <Section title="Billing" size="lg" className="space-y-4 rounded-2xl border border-white/10 bg-zinc-900 p-6">
          <SubscriptionBilling />
        </Section>
      )}

      <Section title="Profile" size="lg" className="rounded-2xl border border-white/10 bg-zinc-900 p-6">
        <div className="mt-4 flex items-center gap-4">
          <UserAvatar user={user} size={56} />
          <dl className="min-w-0 text-sm">
            <dt className="sr-only">Name</dt>
            <dd className="truncate font-semibold text-zinc-50">{displayNameOf(user)}</dd>
            {user.username && (
              <>
                <dt className="sr-only">Username</dt>
                <dd className="truncate text-zinc-300">@{user.username}</dd>
              </>
            )}
            {user.email && (
              <>
                <dt className="sr-only">Email</dt>
                <dd className="truncate text-zinc-300">{user.email}</dd>
              </>
            )}
            {user.createdAt && (
              <>
                <dt className="sr-only">Member since</dt>
                <dd className="text-zinc-400">Member since {formatReleaseDate(user.createdAt)}</dd>
              </>
            )}
          </dl>
        </div>
        <Link to="/profile" className={buttonClass('secondary', 'mt-5')}>
          Edit Profile
        </Link>
      </Section>

      <section className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Link
          to="/purchases"
          className="flex items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900 p-5 transition hover:bg-zinc-800"
        >
          <Receipt aria-hidden="true" className="size-6 text-accent" />
          <span>
            <span className="block font-semibold text-zinc-50">Purchase History</span>
            <span className="block text-sm text-zinc-300">Your albums and downloads</span>
          </span>
        </Link>
        <Link
          to="/upgrade"
          className="flex items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900 p-5 transition hover:bg-zinc-800"
        >
          <Crown aria-hidden="true" className="size-6 text-accent" />
          <span>
            <span className="block font-semibold text-zinc-50">
              {isPaid(user) ? `Your ${brand.productPlus} plan` : `Upgrade to ${brand.productPlus}`}
            </span>
            <span className="block text-sm text-zinc-300">Exclusive releases, downloads and member prices</span>
          </span>
        </Link>
      </section>

      <MyDataSection />

      <LogOutButton method="GET" label="Sign Out" />
    </div>
  );
}
