/**
 * What the rest of the app uses of the album cart: open the cart dialog from anywhere, and the number of
 * albums in it (guest or signed in) for a badge.
 */
import { showAlbumCart } from './cart-dialog-store';
import { useAlbumCartSize } from './use-album-cart';

export function openAlbumCart(): void {
  showAlbumCart('cart');
}

export function useAlbumCartCount(): number {
  return useAlbumCartSize();
}
