/** The small icons saying how an album can be had: free to stream, with Toko+, or to buy on its page. */
import { Crown, Headphones, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import type { Album } from '../../../../../functions/contract/catalogue';

const iconLink =
  'relative z-10 inline-flex size-9 items-center justify-center rounded-full bg-white/10 text-zinc-100 transition hover:bg-white/20';

export function AlbumAccessIcons({ album }: { album: Album }) {
  return (
    <div className="flex items-center gap-2">
      {album.requiredTier === 'free' ? (
        <span className={iconLink} title="Free to stream" data-testid="tier-icon" data-tier="free">
          <Headphones aria-hidden="true" className="size-4" />
          <span className="sr-only">Free to stream</span>
        </span>
      ) : (
        <Link
          to="/subscribe"
          className={`${iconLink} text-accent`}
          title={`Included with ${brand.productPlus}`}
          data-testid="tier-icon"
          data-tier={album.requiredTier}
        >
          <Crown aria-hidden="true" className="size-4" />
          <span className="sr-only">Included with {brand.productPlus}: subscribe</span>
        </Link>
      )}
      {album.isAvailableForPurchase && (
        // Albums are bought on their page (Buy, or the cart), not in the merch shop.
        <Link to={`/album/${encodeURIComponent(album.id)}`} className={iconLink} title="Buy">
          <ShoppingBag aria-hidden="true" className="size-4" />
          <span className="sr-only">Buy {album.title}</span>
        </Link>
      )}
    </div>
  );
}
