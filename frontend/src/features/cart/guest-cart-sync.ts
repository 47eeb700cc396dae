/**
 * Moving the guest cart into the signed-in listener's cart: one request at a
 * time however many screens ask, the guest cart cleared once the server has it, the result told in a toast.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isNetworkError } from '../../lib/http';
import { toast } from '../../ui/toast';
import { showServerCart } from './api/cart-cache';
import { cartKeys } from './api/cart-keys';
import { syncGuestCartItems } from './api/sync-guest-cart';
import { CART_SYNC_TOAST_MS, syncFailure, syncResultNotice } from './cart-messages';
import { clearGuestCart, guestCartItems } from './guest-cart-store';

let running: Promise<void> | null = null;

/** Resolves once the guest cart (if any) is in the server cart, or the attempt has failed and said so. */
export function syncGuestCart(queryClient: QueryClient): Promise<void> {
  if (running) return running;
  const items = guestCartItems();
  if (items.length === 0) return Promise.resolve();
  running = (async () => {
    try {
      const answer = await syncGuestCartItems(items);
      clearGuestCart();
      await showServerCart(queryClient, answer.cart);
      const notice = syncResultNotice({
        syncedItems: answer.syncedItems,
        sent: items.map((item) => item.albumId),
        inCart: answer.cart.map((album) => album.albumId),
      });
      if (notice) toast({ ...notice, variant: notice.title === 'Cart Synced' ? 'success' : 'destructive', duration: CART_SYNC_TOAST_MS });
    } catch (error) {
      // Offline: the guest cart stays for the next try. Refused: trying again would only fail again.
      if (!isNetworkError(error)) clearGuestCart();
      toast({ ...syncFailure(error), variant: 'destructive', duration: CART_SYNC_TOAST_MS });
      await queryClient.invalidateQueries({ queryKey: cartKeys.items() });
    } finally {
      running = null;
    }
  })();
  return running;
}
