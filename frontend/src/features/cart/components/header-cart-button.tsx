/**
 * The header's cart button: it opens the bag drawer, and its badge counts the merch in the bag and the
 * albums in the album cart (9+ above 9). The drawer's code is fetched the first time it opens; inside it, a
 * row leads on to the album cart's own dialog.
 */
import { ShoppingCart } from 'lucide-react';
import { Suspense, useState } from 'react';
import { MerchCartDrawer, setMerchCartOpen, useMerchCartCount, useMerchCartOpen } from '../../merch';
import { CountBadge } from '../../../ui/count-badge';
import { Tooltip } from '../../../ui/tooltip';
import { openAlbumCart, useAlbumCartCount } from '../album-cart-entry';

export function HeaderCartButton() {
  const albumCount = useAlbumCartCount();
  const count = useMerchCartCount() + albumCount;
  const open = useMerchCartOpen();
  // The drawer (a lazy chunk) loads on the first opening and then stays mounted.
  const [everOpened, setEverOpened] = useState(open);
  if (open && !everOpened) setEverOpened(true);

  return (
    <>
      <Tooltip content="Cart">
        <button
          type="button"
          onClick={() => setMerchCartOpen(true)}
          aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
          aria-haspopup="dialog"
          data-testid="header-cart"
          data-count={count}
          className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white"
        >
          <ShoppingCart aria-hidden="true" className="size-5" />
          <CountBadge count={count} testId="header-cart-badge" />
        </button>
      </Tooltip>
      {everOpened && (
        <Suspense fallback={null}>
          <MerchCartDrawer open={open} onOpenChange={setMerchCartOpen} albums={{ count: albumCount, open: openAlbumCart }} />
        </Suspense>
      )}
    </>
  );
}
