/**
 * What the header uses of the album cart on the first page: the number of albums in it (guest or signed in)
 * for a badge. Small on purpose: the cart's changes and words load with the cart's screens.
 */
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { cartQueryOptions } from './api/get-cart';
import { useGuestCart } from './guest-cart-store';

/** The server cart, read only for a signed-in listener (a guest's server cart is always empty). */
export function useServerCart() {
  const { isSignedIn } = useSession();
  return useQuery({ ...cartQueryOptions(), enabled: isSignedIn });
}

/** How many albums the cart holds, for badges. */
export function useAlbumCartCount(): number {
  const { isSignedIn } = useSession();
  const guestAlbums = useGuestCart();
  const server = useServerCart();
  return isSignedIn ? (server.data?.length ?? 0) : guestAlbums.length;
}
