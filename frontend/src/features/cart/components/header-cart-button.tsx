/**
 * The header's cart button: it opens the one cart a listener finds, the drawer with the album cart's albums and
 * the merch bag, each with its own checkout; its badge counts both (9+ above 9). The drawer's code (and the
 * album part's) is fetched the first time it opens.
 */
import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { MerchCartDrawer, setMerchCartOpen, useMerchCartCount, useMerchCartOpen, useSpentCartCheck } from '../../merch';
import { CountBadge } from '../../../ui/count-badge';
import { Tooltip } from '../../../ui/tooltip';
import { useAlbumCartCount } from '../album-cart-entry';

const DrawerAlbums = lazy(() => import('./drawer-albums').then((module) => ({ default: module.DrawerAlbums })));

export function HeaderCartButton() {
  // A bag paid on the shop's checkout is emptied wherever the listener comes back to.
  useSpentCartCheck();
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
          <MerchCartDrawer
            open={open}
            onOpenChange={setMerchCartOpen}
            albums={{
              count: albumCount,
              render: (close) => (
                <Suspense fallback={null}>
                  <DrawerAlbums onLeave={close} />
                </Suspense>
              ),
            }}
          />
        </Suspense>
      )}
    </>
  );
}
