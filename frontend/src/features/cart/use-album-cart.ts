/**
 * The album cart of whoever is listening: a guest's lives in this tab's session storage, a signed-in
 * listener's on the server. Screens read and change it through this one hook and never ask which it is.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession, whoIsListening } from '../../lib/session';
import { toast } from '../../ui/toast';
import { useServerCart } from './album-cart-entry';
import { showServerCart } from './api/cart-cache';
import { addToServerCart, clearServerCart, removeFromServerCart } from './api/change-cart';
import { cartKeys } from './api/cart-keys';
import type { CartAlbum } from './cart-album';
import { ALREADY_IN_CART_MESSAGE, CART_TOAST_MS, ITEM_REMOVED } from './cart-messages';
import { guestCartAlbums, saveGuestCart, useGuestCart } from './guest-cart-store';
import { withAlbum, withoutAlbum } from './guest-cart';

/** Cart writes run one after another, so answers land in the order they were asked (and each replaces any read in flight). */
const CART_MUTATION_SCOPE = { id: 'album-cart' };

interface AlbumCart {
  albums: CartAlbum[];
  isSignedIn: boolean;
  /** The session or the server cart is still being read. */
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  /** Rejects with the server's error (or "Album already in cart" for a guest) when the album is not added. */
  add: (album: CartAlbum) => Promise<void>;
  remove: (albumId: string) => void;
  clear: () => Promise<void>;
  /** A change is on its way to the server. */
  isBusy: boolean;
}

export function useAlbumCart(): AlbumCart {
  const queryClient = useQueryClient();
  const session = useSession();
  const guestAlbums = useGuestCart();
  const server = useServerCart();
  const signedIn = session.isSignedIn;

  const add = useMutation({
    scope: CART_MUTATION_SCOPE,
    mutationFn: (album: CartAlbum) => addToServerCart(album.albumId),
    onSuccess: (albums) => showServerCart(queryClient, albums),
  });

  const remove = useMutation({
    scope: CART_MUTATION_SCOPE,
    mutationFn: removeFromServerCart,
    onMutate: async (albumId) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.items() });
      queryClient.setQueryData<CartAlbum[]>(cartKeys.items(), (albums) => albums && withoutAlbum(albums, albumId));
    },
    onSuccess: (albums) => showServerCart(queryClient, albums),
    // The list may be wrong now: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: cartKeys.items() }),
  });

  const clear = useMutation({
    scope: CART_MUTATION_SCOPE,
    mutationFn: clearServerCart,
    onSuccess: (albums) => showServerCart(queryClient, albums),
  });

  return {
    albums: signedIn ? (server.data ?? []) : guestAlbums,
    isSignedIn: signedIn,
    isLoading: session.isLoading || (signedIn && server.isPending),
    error: signedIn ? server.error : null,
    refetch: () => void server.refetch(),
    add: async (album) => {
      // A pre-rendered page's first session is a guess (a guest's): a click before the answer must reach the cart of
      // whoever is listening, not the guess's.
      if (session.isSettled ? signedIn : (await whoIsListening(queryClient)) !== null) {
        await add.mutateAsync(album);
        return;
      }
      const next = withAlbum(guestCartAlbums(), album);
      if (!next) throw new Error(ALREADY_IN_CART_MESSAGE);
      saveGuestCart(next);
    },
    remove: (albumId) => {
      if (signedIn) remove.mutate(albumId);
      else saveGuestCart(withoutAlbum(guestCartAlbums(), albumId));
      toast({ ...ITEM_REMOVED, duration: CART_TOAST_MS });
    },
    clear: async () => {
      if (signedIn) await clear.mutateAsync();
      else saveGuestCart([]);
    },
    isBusy: add.isPending || remove.isPending || clear.isPending,
  };
}
