/** The artist page's "Exclusive Content": the list for Toko+ members, an invitation for everyone else. */
import { Crown, Lock, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useSession } from '../../../lib/session';
import { buttonClass } from '../../../ui/button';
import { Section } from '../../../ui/section';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { useExclusiveContent } from '../api/get-exclusive-content';

export function ExclusiveContentPanel() {
  const { isSubscriber, isLoading } = useSession();
  const content = useExclusiveContent(brand.tierPlus, isSubscriber);

  return (
    <Section
      title="Exclusive Content"
      size="2xl"
      icon={Crown}
      className="space-y-4 rounded-2xl border border-accent/30 bg-gradient-to-br from-accent/10 to-transparent p-5"
      testId="exclusive-content"
    >
      {isLoading ? (
        <Skeleton className="h-10 w-48 rounded-full" />
      ) : !isSubscriber ? (
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-sm text-zinc-200">
            <Lock aria-hidden="true" className="size-4 shrink-0" />
            Unreleased tracks, early access and behind-the-scenes from the artists, for {brand.productPlus} members.
          </p>
          <Link to="/subscribe" className={buttonClass('primary')}>
            Subscribe for ${brand.subscriptionMonthlyUsd}/month
          </Link>
        </div>
      ) : content.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading exclusive content…</span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : content.isError ? (
        <ErrorState title="The exclusive content could not be loaded" error={content.error} onRetry={() => void content.refetch()} />
      ) : content.data.length === 0 ? (
        <EmptyState icon={Sparkles} title="No exclusive content yet">
          New exclusive releases will appear here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-white/10">
          {content.data.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 py-3">
              <span className="font-semibold text-zinc-50">{item.title}</span>
              <span className="text-xs uppercase tracking-wider text-zinc-300">{item.contentType}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
