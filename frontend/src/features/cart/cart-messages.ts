/**
 * The cart's words: what adding, syncing, signing in from the cart and checking out say
 * when they fail or succeed, read from the server's answer where it gave one. Pure, tested once.
 */
import { HttpError, isNetworkError, serverMessageOf } from '../../lib/http';

export interface CartNotice {
  title: string;
  description: string;
}

/** Cart sync toasts stay 4 s, the others 3 s. */
export const CART_TOAST_MS = 3000;
export const CART_SYNC_TOAST_MS = 4000;

/** The loading step falls back to the hosted checkout after 5 s, so a slow form never blocks a purchase. */
export const EMBEDDED_CHECKOUT_TIMEOUT_MS = 5000;
/** The embedded checkout's least height: its payment form fits without scrolling inside the frame. */
export const EMBEDDED_CHECKOUT_MIN_HEIGHT_PX = 620;
/** How long the /cart page's welcome-back banner shows after sign-in. */
export const WELCOME_BACK_MS = 5000;

export const ITEM_REMOVED: CartNotice = { title: 'Item Removed', description: 'Album removed from cart' };
export const EMPTY_CART: CartNotice = { title: 'Empty Cart', description: 'Add some albums to your cart first' };
const SIGN_IN_REQUIRED: CartNotice = { title: 'Sign In Required', description: 'Please sign in to complete your purchase' };
export const EMAIL_REQUIRED_FOR_CHECKOUT: CartNotice = { title: 'Email Required', description: 'Email verification required for checkout' };
export const EMAIL_REQUIRED: CartNotice = { title: 'Email Required', description: 'Please enter your email address' };
/** The cart's code step, sent with fewer than 6 digits. */
export const INCOMPLETE_CODE: CartNotice = { title: 'Invalid code', description: 'Please enter the 6-digit code from your email' };
export const CHECKOUT_FAILED: CartNotice = { title: 'Checkout Failed', description: 'Unable to process checkout. Please try again.' };
export const PROCESSING_ISSUE: CartNotice = {
  title: 'Processing Issue',
  description: 'Your payment was processed, but there was an issue updating your library. Please check your purchases.',
};
export const UNEXPECTED_AUTH_ANSWER: CartNotice = {
  title: 'Authentication Error',
  description: 'Unexpected response from authentication service',
};

export const purchaseComplete = (albums: number): CartNotice => ({
  title: 'Purchase Complete!',
  description: `${albums} ${albums === 1 ? 'album' : 'albums'} ready for download`,
});

type AddToCartFailure =
  | { kind: 'already-in-cart'; notice: CartNotice }
  | { kind: 'already-owned'; notice: CartNotice }
  | { kind: 'other'; notice: CartNotice };

const textOf = (error: unknown): string => serverMessageOf(error) ?? (error instanceof Error ? error.message : String(error));

export const ALREADY_IN_CART_MESSAGE = 'Album already in cart';

export function addToCartFailure(error: unknown, albumTitle: string): AddToCartFailure {
  const text = textOf(error);
  if (/(item|album) already in cart|already_in_cart/i.test(text)) {
    return { kind: 'already-in-cart', notice: { title: 'Already in Cart', description: `${albumTitle} is already in your cart.` } };
  }
  if (/already own|already_owned/i.test(text)) {
    return {
      kind: 'already-owned',
      notice: { title: 'Already Owned', description: 'You already own this album. Check your Library or Downloads.' },
    };
  }
  if (isNetworkError(error))
    return { kind: 'other', notice: { title: 'Error', description: 'Please check your connection and try again.' } };
  return { kind: 'other', notice: { title: 'Failed to add to cart', description: serverMessageOf(error) ?? 'Please try again.' } };
}

/** The e-mail step of the cart's sign-in could not send the code. */
export function sendCodeFailure(error: unknown): CartNotice {
  if (isNetworkError(error))
    return { title: 'Authentication Error', description: 'Network error - Please check your connection and try again' };
  return { title: 'Authentication Error', description: serverMessageOf(error) ?? 'Failed to send verification code. Please try again.' };
}

/** What the guest cart sync says: how many albums moved, or that some could not be moved. */
export function syncResultNotice(result: { syncedItems: number; sent: readonly string[]; inCart: readonly string[] }): CartNotice | null {
  const missing = result.sent.filter((albumId) => !result.inCart.includes(albumId));
  if (missing.length > 0) {
    return {
      title: 'Cart Sync Failed',
      description: `${missing.length === 1 ? 'One guest cart item' : `${missing.length} guest cart items`} could not be transferred. Please add ${missing.length === 1 ? 'it' : 'them'} again manually.`,
    };
  }
  if (result.syncedItems <= 0) return null;
  return { title: 'Cart Synced', description: `${result.syncedItems} ${result.syncedItems === 1 ? 'item' : 'items'} added to your cart` };
}

export function syncFailure(error: unknown): CartNotice {
  if (isNetworkError(error)) return { title: 'Sync Error', description: 'Failed to sync guest cart items. Please check your connection.' };
  if (error instanceof HttpError) return { title: 'Sync Failed', description: serverMessageOf(error) ?? 'Failed to sync guest cart items' };
  return { title: 'Cart Sync Error', description: 'Your guest cart items could not be transferred. Please add them again manually.' };
}

/** The checkout could not start: the server's reason for the ones a buyer can act on, else a generic sentence. */
export function checkoutFailure(error: unknown): CartNotice {
  if (error instanceof HttpError) {
    const server = serverMessageOf(error);
    if (error.status === 401) return SIGN_IN_REQUIRED;
    if (/empty_cart/.test(error.message)) return EMPTY_CART;
    if (/email_required/.test(error.message)) return EMAIL_REQUIRED_FOR_CHECKOUT;
    if (error.status === 409 && server) return { title: 'Checkout Failed', description: server };
  }
  return CHECKOUT_FAILED;
}
