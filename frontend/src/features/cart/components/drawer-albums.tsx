/**
 * The album cart inside the header's cart: each album with its price and a remove button, the albums' total, and
 * their own checkout (the album cart's dialog, checking out), apart from the merch bag's checkout on the shop.
 */
import { Lock, Trash2 } from 'lucide-react';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { Artwork } from '../../../ui/artwork';
import { Button, IconButton } from '../../../ui/button';
import { showAlbumCart } from '../cart-dialog-store';
import { albumCountLabel, summarizeCart } from '../cart-pricing';
import { useAlbumCart } from '../use-album-cart';

export function DrawerAlbums({ onLeave }: { onLeave: () => void }) {
  const { isSubscriber } = useSession();
  const cart = useAlbumCart();
  if (cart.albums.length === 0) return null;
  const summary = summarizeCart(cart.albums, { isSubscriber, includeSubscription: false });
  const open = (start: 'cart' | 'checkout') => {
    onLeave();
    showAlbumCart(start);
  };

  return (
    <section aria-labelledby="drawer-albums-heading" className="space-y-3" data-testid="drawer-albums">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="drawer-albums-heading" className="font-semibold text-zinc-50">
          Digital albums
        </h3>
        <p className="text-sm text-zinc-300">{albumCountLabel(summary.albumCount)}</p>
      </div>
      <ul className="divide-y divide-white/10 rounded-xl border border-white/10" aria-label="Albums in your cart">
        {cart.albums.map((album, index) => (
          <li key={album.albumId} className="flex items-center gap-3 p-3" data-testid="drawer-album" data-album-id={album.albumId}>
            <Artwork src={album.artwork} alt="" size={48} className="size-12 shrink-0" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-zinc-50">{album.title}</p>
              <p className="text-xs text-zinc-400">Digital Album</p>
            </div>
            <p className="shrink-0 text-sm font-semibold tabular-nums text-zinc-50">{formatMoney(summary.lines[index].price)}</p>
            <IconButton
              label={`Remove ${album.title}`}
              onClick={() => cart.remove(album.albumId)}
              disabled={cart.isBusy}
              className="size-8"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </IconButton>
          </li>
        ))}
      </ul>
      <div className="flex items-baseline justify-between">
        <p className="font-semibold text-zinc-50">Albums total</p>
        <p className="text-lg font-bold tabular-nums text-zinc-50" data-testid="drawer-albums-total">
          {formatMoney(summary.total)}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" className="sm:flex-1" onClick={() => open('cart')}>
          View Albums
        </Button>
        <Button className="sm:flex-1" icon={Lock} onClick={() => open('checkout')} disabled={cart.isBusy} data-testid="album-checkout">
          Checkout Albums
        </Button>
      </div>
      <p className="text-center text-xs text-zinc-400">Downloads are paid here, apart from merch.</p>
    </section>
  );
}
