/** The guest cart in this tab's session storage, with a subscription so every screen showing it follows changes. */
import { useSyncExternalStore } from 'react';
import { readStored, removeStored, writeStored } from '../../lib/storage';
import type { CartAlbum } from './cart-album';
import { GUEST_CART_KEY, guestCartItem, parseGuestCart, serializeGuestCart, type GuestCartItem } from './guest-cart';

const listeners = new Set<() => void>();
// Parsed once per stored text, so the snapshot keeps its identity between renders.
let cached: { stored: string | null; albums: CartAlbum[] } | null = null;
// No cart is the very array a pre-rendered page hydrates with: another empty one would make React render every reader
// of the cart again, at once, right after hydrating.
const noAlbums: CartAlbum[] = [];

export function guestCartAlbums(): CartAlbum[] {
  const stored = readStored('session', GUEST_CART_KEY);
  if (!cached || cached.stored !== stored) cached = { stored, albums: stored ? parseGuestCart(stored) : noAlbums };
  return cached.albums;
}

/** The stored items as POST /api/cart/sync takes them (only the readable ones). */
export const guestCartItems = (): GuestCartItem[] => guestCartAlbums().map(guestCartItem);

export function saveGuestCart(albums: readonly CartAlbum[]): void {
  if (albums.length === 0) removeStored('session', GUEST_CART_KEY);
  else writeStored('session', GUEST_CART_KEY, serializeGuestCart(albums));
  listeners.forEach((listener) => listener());
}

export const clearGuestCart = (): void => saveGuestCart([]);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useGuestCart = (): CartAlbum[] => useSyncExternalStore(subscribe, guestCartAlbums, () => noAlbums);
