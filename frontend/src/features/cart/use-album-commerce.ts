/**
 * The album page's purchase actions: Add to cart, with 'Already in Cart' opening the cart
 * and 'Already Owned' pointing to the library; Buy, which adds the album and opens the cart checking out.
 */
import { toast } from '../../ui/toast';
import { cartAlbumOf, type AlbumForSale } from './cart-album';
import { showAlbumCart } from './cart-dialog-store';
import { addToCartFailure, CART_TOAST_MS } from './cart-messages';
import { useAlbumCart } from './use-album-cart';

interface AlbumCommerceActions {
  onAddToCart: (album: AlbumForSale) => Promise<void>;
  onBuy: (album: AlbumForSale) => void;
}

const notForSale = { title: 'Failed to add to cart', description: 'This album is not for sale.' };

export function useAlbumCommerce(): AlbumCommerceActions {
  const cart = useAlbumCart();

  /** Adds the album; true when it is in the cart afterwards (added now or before). */
  const put = async (album: AlbumForSale, { quiet }: { quiet: boolean }): Promise<boolean> => {
    const line = cartAlbumOf(album);
    if (!line) {
      toast({ ...notForSale, variant: 'destructive', duration: CART_TOAST_MS });
      return false;
    }
    try {
      await cart.add(line);
      if (!quiet) {
        toast({
          variant: 'success',
          title: 'Added to Cart',
          description: `${album.title} is in your cart.`,
          action: { label: 'View Cart', onClick: () => showAlbumCart('cart') },
          duration: CART_TOAST_MS,
        });
      }
      return true;
    } catch (error) {
      const failure = addToCartFailure(error, album.title);
      if (failure.kind === 'already-in-cart') {
        if (!quiet) {
          toast({ ...failure.notice, duration: CART_TOAST_MS });
          showAlbumCart('cart');
        }
        return true;
      }
      toast({ ...failure.notice, variant: failure.kind === 'already-owned' ? 'default' : 'destructive', duration: CART_TOAST_MS });
      return false;
    }
  };

  return {
    onAddToCart: async (album) => {
      await put(album, { quiet: false });
    },
    onBuy: (album) =>
      void put(album, { quiet: true }).then((inCart) => {
        if (inCart) showAlbumCart('checkout');
      }),
  };
}
