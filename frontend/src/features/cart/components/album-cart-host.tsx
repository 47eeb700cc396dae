/**
 * Mounted once inside the router: renders the album cart dialog when something opens it (its code loads
 * on the first opening), moves a guest cart into the account shortly after sign-in, and resumes a
 * checkout that was waiting for sign-in.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../../lib/session';
import { cartQueryOptions } from '../api/get-cart';
import { closeAlbumCart, showAlbumCart, useAlbumCartDialog } from '../cart-dialog-store';
import { useGuestCart } from '../guest-cart-store';
import { storedPendingCheckout, takePendingCheckout } from '../pending-checkout-store';

const CartDialog = lazy(() => import('./cart-dialog').then((module) => ({ default: module.CartDialog })));

/** Guest cart sync starts this long after sign-in, once the session is settled. */
const GUEST_CART_SYNC_DELAY_MS = 100;

/** The sync's code (and the cart's words it may say) is fetched only when there is a guest cart to move. */
const syncGuestCart = async (queryClient: QueryClient) => (await import('../guest-cart-sync')).syncGuestCart(queryClient);

export function AlbumCartHost() {
  const { opening, open } = useAlbumCartDialog();
  useGuestCartSync();
  useResumePendingCheckout();
  if (!opening) return null;
  return (
    <Suspense fallback={null}>
      <CartDialog opening={opening} open={open} onClose={closeAlbumCart} />
    </Suspense>
  );
}

/** A signed-in listener holding a guest cart (just signed in, here or through a link): move it to the account. */
function useGuestCartSync() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const hasGuestCart = useGuestCart().length > 0;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId || !hasGuestCart) return;
    // If its code cannot be fetched the guest cart stays in this tab, to be moved on the next try.
    const timer = window.setTimeout(() => void syncGuestCart(queryClient).catch(() => undefined), GUEST_CART_SYNC_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [userId, hasGuestCart, queryClient]);
}

let resuming = false;

/**
 * After sign-in, a checkout saved by a guest goes on with its Toko+ choice when the cart is not empty. The
 * browser's copy is looked at on every page (no request); /cart, where the guest left, also asks the server.
 */
function useResumePendingCheckout() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { pathname } = useLocation();
  const userId = user?.id ?? null;
  useEffect(() => {
    const onCartPage = pathname === '/cart';
    if (!userId || resuming || (!onCartPage && !storedPendingCheckout())) return;
    resuming = true;
    void (async () => {
      try {
        const intent = await takePendingCheckout({ askServer: onCartPage });
        if (!intent) return;
        await syncGuestCart(queryClient);
        const albums = await queryClient.fetchQuery(cartQueryOptions());
        if (albums.length > 0) showAlbumCart('checkout', intent.includeSubscription);
      } catch {
        // The cart could not be read: the listener checks out from the cart themselves.
      } finally {
        resuming = false;
      }
    })();
  }, [userId, pathname, queryClient]);
}
