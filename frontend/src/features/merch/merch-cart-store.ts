/**
 * The merch bag in this browser: local storage under `toko_merch_cart`, shared by the shop, the drawer and
 * the header badge, and followed across tabs. A snapshot is reused for 100 ms so a render
 * does not parse storage for every component that reads the bag.
 */
import { useSyncExternalStore } from 'react';
import type { CartAdjustment } from '#contract/merch.js';
import { readStored, writeStored } from '../../lib/storage';
import {
  addMerchItem,
  MERCH_CART_KEY,
  merchItemCount,
  readMerchCart,
  removeMerchItem,
  setMerchQuantity,
  withoutOrdered,
  withStockAdjustments,
  writeMerchCart,
  type MerchCart,
  type MerchCartItem,
} from './merch-cart';

export const MERCH_CART_SNAPSHOT_MS = 100;

const EMPTY: MerchCart = [];
let snapshot: { stored: string | null; cart: MerchCart; readAt: number } | null = null;
const listeners = new Set<() => void>();

function currentCart(): MerchCart {
  const now = Date.now();
  if (snapshot && now - snapshot.readAt < MERCH_CART_SNAPSHOT_MS) return snapshot.cart;
  const stored = readStored('local', MERCH_CART_KEY);
  // The same stored text keeps the same array, so React sees no change.
  if (snapshot && snapshot.stored === stored) snapshot = { ...snapshot, readAt: now };
  else snapshot = { stored, cart: stored ? readMerchCart(stored) : EMPTY, readAt: now };
  return snapshot.cart;
}

function save(change: (cart: MerchCart) => MerchCart): void {
  const cart = change(currentCart());
  const stored = writeMerchCart(cart);
  writeStored('local', MERCH_CART_KEY, stored);
  snapshot = { stored, cart, readAt: Date.now() };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the bag: read storage again now.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== MERCH_CART_KEY && event.key !== null) return;
    snapshot = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const merchCart = {
  add: (item: MerchCartItem) => save((cart) => addMerchItem(cart, item)),
  setQuantity: (variantId: string, qty: number) => save((cart) => setMerchQuantity(cart, variantId, qty)),
  remove: (variantId: string) => save((cart) => removeMerchItem(cart, variantId)),
  clear: () => save(() => EMPTY),
  /** An order of these lines was placed on the shop: they leave the bag. */
  removeOrdered: (lines: ReadonlyArray<{ variantId: string; quantity: number }>) => save((cart) => withoutOrdered(cart, lines)),
  /** The shop's cart held fewer of these variants: the bag follows it. */
  followStock: (adjustments: readonly CartAdjustment[]) => save((cart) => withStockAdjustments(cart, adjustments)),
};

export const useMerchCart = (): MerchCart => useSyncExternalStore(subscribe, currentCart, () => EMPTY);

export const useMerchCartCount = (): number => merchItemCount(useMerchCart());

/** Whether the bag drawer is open: the header button, the shop's "View Bag" and others open the one drawer. */
let drawerOpen = false;
const drawerListeners = new Set<() => void>();

export function setMerchCartOpen(open: boolean): void {
  drawerOpen = open;
  drawerListeners.forEach((listener) => listener());
}

export const openMerchCart = (): void => setMerchCartOpen(true);

const subscribeDrawer = (listener: () => void) => {
  drawerListeners.add(listener);
  return () => drawerListeners.delete(listener);
};

export const useMerchCartOpen = (): boolean =>
  useSyncExternalStore(
    subscribeDrawer,
    () => drawerOpen,
    () => false,
  );
