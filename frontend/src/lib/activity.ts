/**
 * Whether the person is at the page: the last time they pressed a key, clicked or touched it. A request made while
 * they have not for a while is the app's own polling, sent as such, so it does not keep an admin's session alive.
 */
const PRESENT_MS = 60_000;

let lastActionAt = Date.now();

if (typeof window !== 'undefined') {
  const seen = () => {
    lastActionAt = Date.now();
  };
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const)
    window.addEventListener(type, seen, { capture: true, passive: true });
}

/** The header the server reads (functions/platform/session.ts BACKGROUND_HEADER). */
export const BACKGROUND_HEADER = 'X-Toko-Background';

/** True when nobody has touched the page for a minute, or it is hidden. */
export const isBackground = () =>
  (typeof document !== 'undefined' && document.visibilityState === 'hidden') || Date.now() - lastActionAt > PRESENT_MS;
