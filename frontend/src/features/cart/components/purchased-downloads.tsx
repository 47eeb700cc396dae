/** The albums a checkout just bought, each with its Download button, and Download All (the purchases feature's buttons). */
import { Artwork } from '../../../ui/artwork';
import { DownloadAlbumButton, DownloadAllButton } from '../../purchases';
import type { PurchaseResult } from '#contract/commerce.js';

export function PurchasedDownloads({ purchases }: { purchases: PurchaseResult[] }) {
  const albums = purchases.map((purchase) => ({
    albumId: purchase.albumId,
    title: purchase.albumTitle,
    downloadUrl: purchase.downloadUrl,
  }));
  return (
    <div className="mt-4 space-y-3">
      <ul className="divide-y divide-white/10 rounded-xl border border-white/10" aria-label="Your albums">
        {purchases.map((purchase, index) => (
          <li key={purchase.albumId} className="flex items-center gap-3 p-3" data-testid="purchased-album">
            <Artwork src={purchase.artwork ?? null} alt="" size={48} className="size-12 shrink-0" />
            <p className="min-w-0 flex-1 truncate font-semibold text-zinc-50">{purchase.albumTitle}</p>
            <DownloadAlbumButton album={albums[index]} label="Download" variant="secondary" />
          </li>
        ))}
      </ul>
      {albums.length > 0 && <DownloadAllButton albums={albums} label="Download All" className="w-full" />}
    </div>
  );
}
