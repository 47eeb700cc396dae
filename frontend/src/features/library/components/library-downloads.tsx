/**
 * The Downloads tab: the albums the listener bought, each with its purchase date and a "Download ZIP" button
 * (a disabled "Download Pending" while the ZIP is built; the list reads again until it is ready).
 */
import { Download } from 'lucide-react';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { BrowseAlbumsLink, DownloadAllButton, PurchaseList, PurchaseListSkeleton, usePurchasedAlbums } from '../../purchases';

export const DOWNLOADS_NOTE = 'Each download contains all formats (MP3, WAV, instrumentals) in one ZIP.';

export function LibraryDownloads() {
  const albums = usePurchasedAlbums();

  if (albums.isPending) return <PurchaseListSkeleton label="Loading your downloads…" />;
  if (albums.isError)
    return <ErrorState title="Failed to fetch purchased albums" error={albums.error} onRetry={() => void albums.refetch()} />;

  return (
    <div className="space-y-4" data-testid="library-downloads">
      {albums.data.length === 0 ? (
        <EmptyState icon={Download} title="No downloads yet">
          <p>Albums you buy appear here, ready to download.</p>
          <BrowseAlbumsLink />
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-zinc-300" data-testid="library-download-count">
              {albums.data.length} {albums.data.length === 1 ? 'album' : 'albums'} to download
            </p>
            {albums.data.length > 1 && (
              <DownloadAllButton
                variant="secondary"
                className="px-4 py-2"
                albums={albums.data.map((album) => ({ albumId: album.albumId, title: album.title }))}
              />
            )}
          </div>
          <PurchaseList albums={albums.data} testId="library-download" />
        </>
      )}
      <p className="text-center text-xs text-zinc-400">{DOWNLOADS_NOTE}</p>
    </div>
  );
}
