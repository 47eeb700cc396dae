/**
 * Going to the shop's checkout: an installed app (standalone display mode) goes in the same window and
 * leaves a return context for /shop, so the shop can welcome the listener back; a browser opens a new tab
 * (the app stays open behind it).
 */
import { readStored, removeStored, writeStored } from '../../lib/storage';

const RETURN_KEY = 'toko_merch_checkout_return';
/** A return context older than this is from another visit: no welcome then. */
const RETURN_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether the app runs installed, in its own window without the browser's address bar. */
function isStandaloneApp(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

type CheckoutOpening = 'same-window' | 'new-tab' | 'blocked';

/** Opens the checkout; 'blocked' when the browser refused a new tab (a pop-up blocker). */
export function openCheckout(url: string): CheckoutOpening {
  if (isStandaloneApp()) {
    writeStored('session', RETURN_KEY, JSON.stringify({ path: '/shop', at: Date.now() }));
    window.location.assign(url);
    return 'same-window';
  }
  // Without "noopener" so a refused tab can be told apart (window.open answers null); the handle is cut right away.
  const tab = window.open(url, '_blank');
  if (!tab) return 'blocked';
  tab.opener = null;
  return 'new-tab';
}

/** True once after coming back from a same-window checkout; the context is used up. */
export function takeCheckoutReturn(): boolean {
  const stored = readStored('session', RETURN_KEY);
  if (!stored) return false;
  removeStored('session', RETURN_KEY);
  try {
    const { at } = JSON.parse(stored) as { at?: unknown };
    return typeof at === 'number' && Date.now() - at < RETURN_WINDOW_MS;
  } catch {
    return false;
  }
}
