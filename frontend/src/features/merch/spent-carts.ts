/**
 * The carts this browser checked out on the shop, kept until the shop has spent them: once a cart's checkout became
 * an order, the lines it carried leave the bag and the listener is told, so a second checkout does not order them again.
 * The app asks when it starts and whenever the listener comes back to it (from the checkout's tab, say).
 */
import { useEffect } from 'react';
import { api } from '../../lib/http';
import { readStored, writeStored } from '../../lib/storage';
import { fieldsOf, isNumber, isText, isWhole } from '../../lib/stored-shape';
import { toast } from '../../ui/toast';
import { merchCart } from './merch-cart-store';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const merchSchemas = () => import('#contract/merch.js');

const CHECKOUTS_KEY = 'toko_merch_checkouts';
/** The shop forgets a cart left unpaid for about ten days; an older one tells nothing about the bag. */
export const CHECKOUT_MEMORY_MS = 10 * 24 * 60 * 60 * 1000;
/** A few checkouts at most: each Checkout press makes a cart. */
const MAX_CHECKOUTS = 5;

interface CheckedOutCart {
  cartId: string;
  at: number;
  lines: Array<{ variantId: string; quantity: number }>;
}

/** A stored checkout as it was written, or null. */
function readCheckout(value: unknown): CheckedOutCart | null {
  const checkout = fieldsOf(value);
  if (!checkout || !isText(checkout.cartId) || !isNumber(checkout.at) || !Array.isArray(checkout.lines)) return null;
  const lines = checkout.lines.map(fieldsOf);
  if (!lines.every((line) => line && isText(line.variantId) && isWhole(line.quantity))) return null;
  return {
    cartId: checkout.cartId,
    at: checkout.at,
    lines: lines.map((line) => ({ variantId: line!.variantId as string, quantity: line!.quantity as number })),
  };
}

/** The stored checkouts still worth asking about at `now`; anything unreadable is dropped. */
export function readCheckouts(stored: string | null, now: number): CheckedOutCart[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    const checkouts = Array.isArray(value) ? value.map(readCheckout) : [null];
    if (checkouts.some((checkout) => checkout === null)) return [];
    return (checkouts as CheckedOutCart[]).filter((checkout) => now - checkout.at < CHECKOUT_MEMORY_MS);
  } catch {
    return [];
  }
}

const storedCheckouts = () => readCheckouts(readStored('local', CHECKOUTS_KEY), Date.now());
const keepCheckouts = (checkouts: CheckedOutCart[]) => writeStored('local', CHECKOUTS_KEY, JSON.stringify(checkouts));

/** A cart made for checkout, to ask the shop about later. */
export function rememberCheckout(cartId: string, lines: CheckedOutCart['lines']): void {
  keepCheckouts([...storedCheckouts().filter((c) => c.cartId !== cartId), { cartId, at: Date.now(), lines }].slice(-MAX_CHECKOUTS));
}

const isSpent = (cartId: string) =>
  api('GET /api/shopify/cart-status', () => merchSchemas().then((c) => c.cartStatusAnswer), { query: { cartId } }).then(
    (answer) => answer.spent,
    // The shop could not be asked: ask again next time.
    () => false,
  );

let checking: Promise<boolean> | null = null;

/** Asks the shop about each remembered cart; true when an order was placed (its lines left the bag, and the listener was told). */
export function checkSpentCarts(): Promise<boolean> {
  checking ??= (async () => {
    const checkouts = storedCheckouts();
    if (checkouts.length === 0) return false;
    const spent = (await Promise.all(checkouts.map(async (checkout) => ((await isSpent(checkout.cartId)) ? checkout : null)))).filter(
      (checkout) => checkout !== null,
    );
    keepCheckouts(storedCheckouts().filter((checkout) => !spent.some((s) => s.cartId === checkout.cartId)));
    for (const checkout of spent) merchCart.removeOrdered(checkout.lines);
    if (spent.length > 0) {
      toast({
        variant: 'success',
        title: 'Order placed',
        description: 'Thanks for your order! The items you paid for on the shop have left your bag.',
        duration: 5000,
      });
    }
    return spent.length > 0;
  })().finally(() => {
    checking = null;
  });
  return checking;
}

/** Asks on start and each time the listener comes back to the app. */
export function useSpentCartCheck(): void {
  useEffect(() => {
    void checkSpentCarts();
    const onReturn = () => {
      if (document.visibilityState === 'visible') void checkSpentCarts();
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, []);
}
