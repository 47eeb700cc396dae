/**
 * The bought albums as the purchase history and the Downloads tab list them: a row each with the artwork and
 * title (to the album), artist, date, price paid and the download.
 */
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { LoadingStatus, Skeleton, SkeletonStack } from '../../../ui/skeleton';
import type { Purchase } from '#contract/commerce.js';
import { DownloadAlbumButton } from './download-album-button';

/** What the purchase history and the Downloads tab both know of a bought album. */
type BoughtAlbum = Pick<Purchase, 'id' | 'albumId' | 'title' | 'artistName' | 'artwork' | 'purchaseDate' | 'purchasePrice'>;

/** `testId` names each row (with `data-album-id`) for tests; a purchase is keyed by its own id. */
export function PurchaseList({ albums, testId }: { albums: BoughtAlbum[]; testId: string }) {
  return (
    <ul className="space-y-3">
      {albums.map((album) => (
        <PurchaseRow key={album.id} album={album} testId={testId} />
      ))}
    </ul>
  );
}

function PurchaseRow({ album, testId }: { album: BoughtAlbum; testId: string }) {
  const { albumId, title, artistName, artwork, purchaseDate, purchasePrice } = album;
  const albumPath = `/album/${encodeURIComponent(albumId)}`;
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-white/10 bg-zinc-900 p-3 sm:flex-nowrap sm:p-4"
      data-testid={testId}
      data-album-id={albumId}
    >
      <Link to={albumPath} aria-hidden="true" tabIndex={-1} className="shrink-0">
        <Artwork src={artwork} alt="" size={64} className="size-16" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={albumPath} className="block truncate font-semibold text-zinc-50 hover:underline" data-testid="purchase-album-link">
          {title}
        </Link>
        {artistName && <p className="truncate text-sm text-zinc-300">{artistName}</p>}
        <p className="text-xs text-zinc-400">
          Digital Album · Purchased <time dateTime={purchaseDate}>{formatDateTime(purchaseDate)}</time> ·{' '}
          <span data-testid="purchase-price">{formatMoney(purchasePrice)}</span>
        </p>
      </div>
      <DownloadAlbumButton album={{ albumId, title }} className="w-full px-4 py-2 sm:w-auto" />
    </li>
  );
}

export function PurchaseListSkeleton({ label }: { label: string }) {
  return (
    <LoadingStatus label={label} className="space-y-3">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex items-center gap-4 rounded-2xl border border-white/10 p-3 sm:p-4">
          <Skeleton className="size-16 shrink-0 rounded-lg" />
          <SkeletonStack className="flex-1 space-y-2" blocks={['h-4 w-1/2', 'h-3 w-1/3']} />
          <Skeleton className="hidden h-9 w-32 rounded-full sm:block" />
        </div>
      ))}
    </LoadingStatus>
  );
}
