/**
 * The pending checkout intent: a guest who checks out from /cart is sent to sign in first, and the
 * checkout resumes after sign-in with the same Toko+ choice. It lives 600 s, time to sign in with a mailed code. Pure: the storage
 * and the server copy are in pending-checkout-store.ts.
 */

export const PENDING_CHECKOUT_KEY = 'pending_checkout';
export const PENDING_CHECKOUT_SECONDS = 600;

export interface PendingCheckout {
  action: 'checkout';
  includeSubscription: boolean;
  /** When it was saved, epoch ms. */
  ts: number;
}

export const pendingCheckout = (includeSubscription: boolean, now: number): PendingCheckout => ({
  action: 'checkout',
  includeSubscription,
  ts: now,
});

/** A saved intent that is a checkout and not older than 600 s; anything else reads as none. */
export function readPendingCheckout(raw: unknown, now: number): PendingCheckout | null {
  if (!raw || typeof raw !== 'object') return null;
  const { action, includeSubscription, ts } = raw as Record<string, unknown>;
  if (action !== 'checkout' || typeof ts !== 'number' || !Number.isFinite(ts)) return null;
  // A minute of leeway for a server copy stamped by a clock slightly ahead of this one.
  const age = now - ts;
  if (age < -60_000 || age > PENDING_CHECKOUT_SECONDS * 1000) return null;
  return { action, includeSubscription: includeSubscription === true, ts };
}

export function parsePendingCheckout(stored: string | null, now: number): PendingCheckout | null {
  if (!stored) return null;
  try {
    return readPendingCheckout(JSON.parse(stored), now);
  } catch {
    return null;
  }
}
