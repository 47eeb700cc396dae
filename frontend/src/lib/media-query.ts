/** Whether a CSS media query matches now, kept current as the window changes. */
import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here on the app shows its desktop layout. */
export const WIDE_SCREEN = '(min-width: 48rem)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // A pre-rendered page is built for no screen in particular: it hydrates as a phone, then follows the screen.
    () => false,
  );
}
