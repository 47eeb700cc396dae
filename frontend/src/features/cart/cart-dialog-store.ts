/**
 * The switch of the album cart dialog, callable from anywhere (the header's drawer, the album page, the
 * /cart page): which opening is on screen and where it starts. Each opening starts over (closing resets).
 */
import { useSyncExternalStore } from 'react';

export interface CartOpening {
  /** A new number per opening. */
  id: number;
  /** `checkout` starts checking out at once (Buy, a resumed checkout); a guest is asked for an e-mail first. */
  start: 'cart' | 'checkout';
  /** The Toko+ add-on, when the checkout was chosen elsewhere (the /cart page, a resumed intent). */
  includeSubscription: boolean;
}

interface CartDialogState {
  opening: CartOpening | null;
  open: boolean;
}

let state: CartDialogState = { opening: null, open: false };
const listeners = new Set<() => void>();

function set(next: CartDialogState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function showAlbumCart(start: CartOpening['start'] = 'cart', includeSubscription = false): void {
  set({ opening: { id: (state.opening?.id ?? 0) + 1, start, includeSubscription }, open: true });
}

export const closeAlbumCart = (): void => set({ ...state, open: false });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const closed: CartDialogState = { opening: null, open: false };

export const useAlbumCartDialog = (): CartDialogState =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => closed,
  );
