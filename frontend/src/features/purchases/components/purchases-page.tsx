/**
 * /purchases: the albums the listener bought, newest first, each with its price, date and download; links to
 * the album and to the shop. A guest is asked to sign in.
 */
import { Receipt, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/button';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { useOpenAccountDialog } from '../../auth';
import { usePurchases } from '../api/get-purchases';
import { usePurchasedAlbums } from '../api/get-purchased-albums';
import type { Purchase } from '#contract/commerce.js';
import { BrowseAlbumsLink } from './browse-albums-link';
import { PurchaseList, PurchaseListSkeleton } from './purchase-row';

export function PurchasesPage() {
  useDocumentTitle('Purchase History');
  const { user, isLoading } = useSession();

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="purchases-page">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold text-zinc-50">Purchase History</h1>
        {user && (
          <Link to="/library?tab=downloads" className={buttonClass('secondary', 'px-4 py-2')}>
            Your Downloads
          </Link>
        )}
      </header>
      {isLoading ? <PurchaseListSkeleton label="Loading your purchases…" /> : user ? <PurchaseHistory /> : <SignInPrompt />}
      <ShopLink />
    </div>
  );
}

function SignInPrompt() {
  const openAccountDialog = useOpenAccountDialog();
  return (
    <div data-testid="purchases-sign-in">
      <EmptyState icon={Receipt} title="Sign in to see your purchases">
        <p>The albums you buy, with their downloads, are kept in your account.</p>
        <Button className="mt-4" onClick={() => openAccountDialog('sign-in')}>
          Sign In
        </Button>
      </EmptyState>
    </div>
  );
}

function PurchaseHistory() {
  const purchases = usePurchases();
  // Read alongside, so each download button knows at once whether its ZIP is ready (and turns ready by itself).
  usePurchasedAlbums();

  if (purchases.isPending) return <PurchaseListSkeleton label="Loading your purchases…" />;
  if (purchases.isError)
    return <ErrorState title="Failed to fetch purchases" error={purchases.error} onRetry={() => void purchases.refetch()} />;
  if (purchases.data.length === 0) {
    return (
      <EmptyState icon={Receipt} title="No purchases yet">
        <p>Albums you buy appear here, with their downloads.</p>
        <BrowseAlbumsLink />
      </EmptyState>
    );
  }
  return <PurchaseHistoryList purchases={purchases.data} />;
}

function PurchaseHistoryList({ purchases }: { purchases: Purchase[] }) {
  const spent = purchases.reduce((sum, purchase) => sum + purchase.purchasePrice, 0);
  return (
    <section aria-label="Purchases" className="space-y-3">
      <p className="text-sm text-zinc-300" data-testid="purchases-summary">
        {purchases.length} {purchases.length === 1 ? 'album' : 'albums'} · {formatMoney(spent)} in total
      </p>
      <PurchaseList albums={purchases} testId="purchase" />
    </section>
  );
}

function ShopLink() {
  return (
    <Link
      to="/shop"
      className="flex items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900 p-5 transition hover:bg-zinc-800"
      data-testid="purchases-shop-link"
    >
      <ShoppingBag aria-hidden="true" className="size-6 shrink-0 text-accent" />
      <span>
        <span className="block font-semibold text-zinc-50">Visit the Shop</span>
        <span className="block text-sm text-zinc-300">Vinyl, shirts and more from the artists</span>
      </span>
    </Link>
  );
}
