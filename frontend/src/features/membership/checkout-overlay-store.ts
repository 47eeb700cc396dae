/**
 * The app-wide Toko+ checkout overlay's switch: `openCheckoutOverlay(amount?)` from anywhere (a page, a
 * button, after sign-in). Closed, it holds nothing; opened, it starts on the pricing choice, or straight on
 * the embedded checkout when the amount is already chosen. A module store, like the toasts, so no provider
 * is needed and the first page does not carry the overlay's code.
 */
import { useSyncExternalStore } from 'react';
import type { PlanAmount } from './plans';

export interface CheckoutOverlayRequest {
  /** A new number per opening: the overlay starts over each time. */
  id: number;
  amount: PlanAmount | null;
  open: boolean;
}

let current: CheckoutOverlayRequest | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function openCheckoutOverlay(amount: PlanAmount | null = null): void {
  current = { id: nextId++, amount, open: true };
  emit();
}

export function closeCheckoutOverlay(): void {
  if (current?.open) current = { ...current, open: false };
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useCheckoutOverlayRequest = (): CheckoutOverlayRequest | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
