/**
 * The small icons saying how an album can be had: free to stream, with Toko+ (a member is told it is theirs,
 * not asked to subscribe), or to buy in the shop, where the album's options wait under its anchor.
 */
import { Crown, Headphones, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useSession } from '../../../lib/session';
import type { Album } from '#contract/catalogue.js';

const iconLink =
  'relative z-10 inline-flex size-9 items-center justify-center rounded-full bg-white/10 text-zinc-100 transition hover:bg-white/20';

/** The shop's place for an album for sale: the shop scrolls to it and offers its options. */
const shopAlbumPath = (albumId: string): string => `/shop#album-${encodeURIComponent(albumId)}`;

/** A member's mark on an album Toko+ opens: theirs already, nothing to subscribe to. */
export function IncludedForMember({ album, className, iconClassName }: { album: Album; className: string; iconClassName: string }) {
  return (
    <span
      className={`${className} text-accent`}
      title={`Included with your ${brand.productPlus}`}
      data-testid="tier-icon"
      data-tier={album.requiredTier}
    >
      <Crown aria-hidden="true" className={iconClassName} />
      <span className="sr-only">Included with your {brand.productPlus}</span>
    </span>
  );
}

export function AlbumAccessIcons({ album }: { album: Album }) {
  const { isSubscriber } = useSession();
  return (
    <div className="flex items-center gap-2">
      {album.requiredTier !== 'free' && isSubscriber ? (
        <IncludedForMember album={album} className={iconLink} iconClassName="size-4" />
      ) : album.requiredTier === 'free' ? (
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
        <Link to={shopAlbumPath(album.id)} className={iconLink} title="Buy" data-testid="buy-icon">
          <ShoppingBag aria-hidden="true" className="size-4" />
          <span className="sr-only">Buy {album.title}</span>
        </Link>
      )}
    </div>
  );
}
