/**
 * /checkout/success and /checkout-success?session_id=…: where Stripe returns the buyer. Processing while the
 * purchase is looked up (3 tries, 2 s apart), then the albums bought with their downloads; when the lookups
 * do not confirm the payment the page thanks the buyer anyway and says where the albums will appear.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CheckCircle2, Crown, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useCheckoutResult } from '../api/check-checkout';
import { usePurchasedAlbums } from '../api/get-purchased-albums';
import { purchaseKeys } from '../api/purchase-keys';
import type { PurchaseResult, CheckoutResult } from '#contract/commerce.js';
import { CheckoutCard, CheckoutLinks, MissingCheckout } from './checkout-pages-layout';
import { DownloadAlbumButton } from './download-album-button';
import { DownloadAllButton } from './download-all-button';

export const PURCHASE_COMPLETE = 'Purchase Complete!';
/** The payment went through but its albums could not be shown here: the receipt e-mail carries their download links. */
export const UNCONFIRMED_PURCHASE_TEXT =
  "Thank you for your purchase. We've e-mailed you the download links, and your albums will appear in your purchase history and your library's Downloads in a moment.";
export const albumsReadyText = (count: number) => `${count} ${count === 1 ? 'album' : 'albums'} ready for download`;

export function CheckoutSuccessPage() {
  useDocumentTitle(PURCHASE_COMPLETE);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim();
  if (!sessionId) return <MissingCheckout testId="checkout-success-page" />;
  return <CheckoutOutcome sessionId={sessionId} />;
}

/**
 * A purchase changes nearly everything read so far: the cart, the library and its downloads, what may be
 * played, and the membership when the plan came along. Only this checkout's own answer is kept.
 */
function readAgainAfterPurchase(queryClient: QueryClient, sessionId: string) {
  const own = JSON.stringify(purchaseKeys.checkout(sessionId));
  void queryClient.invalidateQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== own });
}

function CheckoutOutcome({ sessionId }: { sessionId: string }) {
  const result = useCheckoutResult(sessionId);
  const queryClient = useQueryClient();
  const settled = !result.isPending;

  useEffect(() => {
    if (settled) readAgainAfterPurchase(queryClient, sessionId);
  }, [settled, queryClient, sessionId]);

  useEffect(() => {
    if (!result.isError) return;
    toast({
      variant: 'destructive',
      title: 'Processing Issue',
      description: 'Your payment was processed, but there was an issue updating your library. Please check your purchases.',
      duration: 5000,
    });
  }, [result.isError]);

  if (result.isPending) {
    return (
      <CheckoutCard testId="checkout-success-page">
        <div className="flex flex-col items-center gap-4 py-6 text-center" data-state="processing">
          <Spinner label="Processing your purchase" />
          <h1 className="text-2xl font-extrabold text-zinc-50">Processing your purchase…</h1>
          <p className="text-sm text-zinc-300">We are confirming your payment. This takes a few seconds.</p>
        </div>
      </CheckoutCard>
    );
  }
  return <CheckoutSuccess result={result.data ?? null} />;
}

function CheckoutSuccess({ result }: { result: CheckoutResult | null }) {
  const albums = result?.purchases ?? [];
  return (
    <CheckoutCard testId="checkout-success-page">
      <div className="flex flex-col items-center gap-2 text-center" data-state={result ? 'success' : 'unconfirmed'}>
        <CheckCircle2 aria-hidden="true" className="size-12 text-accent" />
        <h1 className="text-2xl font-extrabold text-zinc-50">{PURCHASE_COMPLETE}</h1>
        {result ? (
          <p className="text-zinc-300">{albums.length ? albumsReadyText(albums.length) : 'Thank you for your purchase.'}</p>
        ) : (
          <p className="text-zinc-300">{UNCONFIRMED_PURCHASE_TEXT}</p>
        )}
        {result?.emailSent && (
          <p className="flex items-center gap-2 text-sm text-zinc-300">
            <MailCheck aria-hidden="true" className="size-4 text-accent" />
            Confirmation email sent
          </p>
        )}
        {result?.subscriptionActivated && (
          <p className="flex items-center gap-2 text-sm text-zinc-300">
            <Crown aria-hidden="true" className="size-4 text-accent" />
            Your {brand.productPlus} membership is active.
          </p>
        )}
      </div>
      {albums.length > 0 && <BoughtAlbums albums={albums} total={result?.total ?? 0} />}
      <CheckoutLinks />
    </CheckoutCard>
  );
}

function BoughtAlbums({ albums, total }: { albums: PurchaseResult[]; total: number }) {
  // Read alongside, so a ZIP still being built turns into a download by itself.
  usePurchasedAlbums();
  const downloads = albums.map((album) => ({ albumId: album.albumId, title: album.albumTitle, downloadUrl: album.downloadUrl }));
  return (
    <section aria-label="Your albums" className="mt-6 space-y-3">
      <ul className="space-y-3">
        {albums.map((album, index) => (
          <li
            key={album.albumId}
            className="flex flex-wrap items-center gap-3 rounded-xl bg-white/5 p-3 sm:flex-nowrap"
            data-testid="checkout-album"
            data-album-id={album.albumId}
          >
            <Artwork src={album.artwork ?? null} alt="" size={56} className="size-14 shrink-0" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-zinc-50">{album.albumTitle}</p>
              <p className="truncate text-sm text-zinc-300">
                {album.artistName ? `${album.artistName} · ` : ''}
                {formatMoney(album.purchasePrice)}
              </p>
            </div>
            <DownloadAlbumButton album={downloads[index]} className="w-full px-4 py-2 sm:w-auto" />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-3">
        <p className="text-sm text-zinc-300">
          Total paid <span className="font-semibold text-zinc-50">{formatMoney(total)}</span>
        </p>
        {albums.length > 1 && (
          <DownloadAllButton albums={downloads} label="Download All Albums" variant="secondary" className="px-4 py-2" />
        )}
      </div>
    </section>
  );
}
