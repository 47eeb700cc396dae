/**
 * The shop's albums for sale: each album's download (its price, and the Toko+ member price), Add to cart, Toko+
 * as the other way to have it, and its physical editions where the storefront sells them. `/shop#album-{id}`
 * scrolls to that album, highlights it and puts the keyboard on it. An album the listener owns says so, with
 * its download.
 */
import { CheckCircle2, Crown, Disc3, Lock, ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { albumArtistName, albumPrices, buyPrice } from '../features/albums/album-access';
import { useAlbums } from '../features/albums/api/get-albums';
import { useAlbumCommerce } from '../features/cart/use-album-commerce';
import type { ShopForAlbums } from '../features/merch/components/shop-page';
import { physicalEditions, priceRangeText } from '../features/merch/product-listing';
import { usePurchasedAlbums } from '../features/purchases/api/get-purchased-albums';
import { DownloadAlbumButton } from '../features/purchases/components/download-album-button';
import { brand } from '../lib/brand';
import { cx } from '../lib/class-names';
import { formatMoney } from '../lib/format';
import { useSession } from '../lib/session';
import { Artwork } from '../ui/artwork';
import { Badge } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';
import { LoadingStatus, SkeletonStack } from '../ui/skeleton';
import { ErrorState } from '../ui/status-message';
import type { Album } from '#contract/catalogue.js';

const ANCHOR_PREFIX = '#album-';

/** The album an address's anchor names (`#album-{id}`), or null. */
export function anchoredAlbumId(hash: string): string | null {
  if (!hash.startsWith(ANCHOR_PREFIX) || hash.length === ANCHOR_PREFIX.length) return null;
  try {
    return decodeURIComponent(hash.slice(ANCHOR_PREFIX.length));
  } catch {
    return null;
  }
}

/** The element id of an album's place in the shop, the anchor's target. */
const placeOf = (albumId: string) => `album-${albumId}`;

export function ShopAlbums({ products, openProduct }: ShopForAlbums) {
  const albums = useAlbums();
  const forSale = (albums.data ?? []).filter((album) => album.isAvailableForPurchase && !album.isDummyAlbum);
  const wanted = anchoredAlbumId(useLocation().hash);
  const shown = wanted !== null && forSale.some((album) => album.id === wanted) ? wanted : null;
  useScrollToAlbum(shown);

  if (albums.isPending) {
    return (
      <LoadingStatus label="Loading albums…" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {[0, 1].map((at) => (
          <SkeletonStack key={at} className="space-y-2 rounded-2xl border border-white/10 p-4" blocks={['h-28 w-28', 'h-4 w-2/3']} />
        ))}
      </LoadingStatus>
    );
  }
  if (albums.isError) {
    return <ErrorState title="The albums could not be loaded" error={albums.error} onRetry={() => void albums.refetch()} />;
  }
  if (forSale.length === 0) return null;

  return (
    <section aria-labelledby="shop-albums-heading" className="space-y-4" data-testid="shop-albums">
      <div className="space-y-1">
        <h2 id="shop-albums-heading" className="text-2xl font-bold text-zinc-50">
          Albums
        </h2>
        <p className="text-sm text-zinc-300">Digital downloads: MP3, lossless WAV and bonus instrumentals in one ZIP, yours to keep.</p>
      </div>
      {/* Columns of minmax(0, 1fr): a long title truncates in its card instead of widening the page past a phone's screen. */}
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {forSale.map((album) => (
          <li key={album.id}>
            <AlbumOffer
              album={album}
              highlighted={album.id === shown}
              editions={physicalEditions(products, album.title)}
              onEdition={openProduct}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Once the album is on the page: into view, and focused so the keyboard and screen readers start there. */
function useScrollToAlbum(albumId: string | null) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (albumId === null || done.current === albumId) return;
    const place = document.getElementById(placeOf(albumId));
    if (!place) return;
    done.current = albumId;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    place.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    place.focus({ preventScroll: true });
  });
}

function AlbumOffer({
  album,
  highlighted,
  editions,
  onEdition,
}: {
  album: Album;
  highlighted: boolean;
  editions: ShopForAlbums['products'];
  onEdition: ShopForAlbums['openProduct'];
}) {
  const owned = usePurchasedAlbums().data?.find((bought) => bought.albumId === album.id);
  const albumPath = `/album/${encodeURIComponent(album.id)}`;
  return (
    <article
      id={placeOf(album.id)}
      tabIndex={-1}
      aria-labelledby={`${placeOf(album.id)}-title`}
      data-testid="shop-album"
      data-album-id={album.id}
      data-highlighted={highlighted}
      className={cx(
        'flex h-full scroll-mt-24 gap-4 rounded-2xl border p-4 outline-none transition focus-visible:ring-2 focus-visible:ring-accent',
        highlighted ? 'border-accent bg-accent/10 ring-2 ring-accent' : 'border-white/10 bg-white/5',
      )}
    >
      <Link to={albumPath} className="shrink-0 self-start" tabIndex={-1} aria-hidden="true">
        <Artwork src={album.artwork ?? null} alt="" size={120} className="size-24 sm:size-28" />
      </Link>
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <h3 id={`${placeOf(album.id)}-title`} className="truncate text-lg font-bold text-zinc-50">
            <Link to={albumPath} className="hover:underline">
              {album.title}
            </Link>
          </h3>
          <p className="truncate text-sm text-zinc-300">{albumArtistName(album)} · Digital Album</p>
        </div>
        {owned ? (
          <div className="flex flex-wrap items-center gap-2" data-testid="shop-album-owned">
            <Badge tone="accent">
              <CheckCircle2 aria-hidden="true" className="size-3.5" />
              Owned
            </Badge>
            <DownloadAlbumButton album={{ albumId: owned.albumId, title: owned.title }} variant="secondary" className="px-4 py-2" />
          </div>
        ) : (
          <DownloadOptions album={album} />
        )}
        {editions.length > 0 && (
          <div className="space-y-1">
            <p className="text-xs font-semibold uppercase tracking-wide text-zinc-400">Physical editions</p>
            <ul className="flex flex-wrap gap-2">
              {editions.map((product) => (
                <li key={product.id}>
                  <button
                    type="button"
                    onClick={() => onEdition(product)}
                    data-testid="shop-album-edition"
                    data-handle={product.handle}
                    className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
                  >
                    <Disc3 aria-hidden="true" className="size-4" />
                    {product.title} · {priceRangeText(product)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </article>
  );
}

/** Buy the download, add it to the cart, or have it with Toko+ (members are told their price instead). */
function DownloadOptions({ album }: { album: Album }) {
  const { isSubscriber } = useSession();
  const commerce = useAlbumCommerce();
  const [adding, setAdding] = useState(false);
  const { member } = albumPrices(album);

  return (
    <div className="space-y-2" data-testid="shop-album-options">
      <div className="flex flex-wrap items-center gap-2">
        <Button icon={Lock} className="px-4 py-2" onClick={() => commerce.onBuy(album)} data-testid="shop-album-buy">
          Buy Download {formatMoney(buyPrice(album, isSubscriber))}
        </Button>
        <Button
          variant="secondary"
          icon={ShoppingCart}
          className="px-4 py-2"
          disabled={adding}
          aria-busy={adding}
          onClick={() => {
            setAdding(true);
            void commerce.onAddToCart(album).finally(() => setAdding(false));
          }}
        >
          {adding ? 'Adding...' : 'Add to cart'}
        </Button>
      </div>
      {isSubscriber ? (
        member !== null && (
          <p className="text-sm font-semibold text-accent" data-testid="shop-album-member-price">
            Your Price: {formatMoney(member)}
          </p>
        )
      ) : (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-300" data-testid="shop-album-member-price">
          <Crown aria-hidden="true" className="size-4 text-accent" />
          {member !== null ? `${brand.productPlus} members pay ${formatMoney(member)}.` : `Included with ${brand.productPlus}.`}
          <Link to="/subscribe" className="font-semibold text-accent hover:underline">
            Subscribe
          </Link>
        </p>
      )}
    </div>
  );
}
