/**
 * The frame around every screen: header, desktop sidebar, mobile bottom navigation, the page, and the
 * fixed player; the touch gestures (swipe through visited pages, pull to refresh) and the app-wide dialogs.
 * It also scrolls to the top on every navigation and remembers where album pages were opened from.
 * Admin mode (/admin, /sync-manager) drops the sidebar so the panels get the whole width.
 */
import { Crown, Shield } from 'lucide-react';
import { lazy, startTransition, Suspense, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { StreamingPlatformsHost } from '../features/albums/components/streaming-platforms';
import { PlayerBar } from '../features/player/components/player-bar';
import { brand } from '../lib/brand';
import { cx, navLinkClass } from '../lib/class-names';
import { haptic } from '../lib/haptics';
import { showScrollBarsWhileScrolling } from '../lib/scroll-bars';
import { useMediaQuery, WIDE_SCREEN } from '../lib/media-query';
import { useSession } from '../lib/session';
import { Button } from '../ui/button';
import { isAlbumPath, rememberAlbumSource } from './album-source';
import { Header } from './header';
import { destinations, isAdminPath } from './navigation';
import { useUpgrade } from './use-upgrade';

const TouchGestures = lazy(() => import('./touch-gestures').then((module) => ({ default: module.TouchGestures })));
// Decided once: a mouse-only desktop never downloads the gesture code.
const hasTouch = typeof window !== 'undefined' && ('ontouchstart' in window || navigator.maxTouchPoints > 0);

/**
 * Whether to add the gestures: not in the first render (a pre-rendered page was built without them), then at once on
 * a touch screen, as a transition: a store's value that differs from the server's would re-render the whole app right
 * after hydration in one task that yields to nothing, where a transition's render yields to the browser.
 */
function useTouchAfterMount(): boolean {
  const [touch, setTouch] = useState(false);
  useEffect(() => {
    if (hasTouch) startTransition(() => setTouch(true));
  }, []);
  return touch;
}

export function AppShell() {
  const mainRef = useRef<HTMLElement>(null);
  useScrollToTopOnNavigation(mainRef);
  useAlbumSourceMemory();
  const adminMode = isAdminPath(useLocation().pathname);
  // The sidebar is for wide screens only; a phone does not build it at all.
  const wide = useMediaQuery(WIDE_SCREEN);
  const touch = useTouchAfterMount();
  useEffect(() => showScrollBarsWhileScrolling(document), []);

  return (
    <div className="min-h-dvh bg-zinc-950 text-zinc-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-full focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-foreground"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <Header adminMode={adminMode} />
      {!adminMode && wide && <Sidebar />}
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className={cx('pb-[calc(8.5rem+env(safe-area-inset-bottom))] focus:outline-none md:pb-28', !adminMode && 'md:pl-60')}
      >
        <div className={cx('px-4 py-6 md:px-8 md:py-8', !adminMode && 'mx-auto max-w-6xl')}>
          <Outlet />
        </div>
      </main>
      <PlayerBar />
      <BottomNavigation />
      {touch && (
        <Suspense fallback={null}>
          <TouchGestures />
        </Suspense>
      )}
      <StreamingPlatformsHost />
    </div>
  );
}

function useScrollToTopOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const location = useLocation();
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  // Not on the first page of the visit: it starts at the top, and scrolling there would force a layout of the
  // whole page in the middle of the first render.
  const firstKey = useRef(location.key);
  useLayoutEffect(() => {
    if (location.key === firstKey.current) return;
    window.scrollTo(0, 0);
    mainRef.current?.scrollTo?.(0, 0);
  }, [location.key, mainRef]);
}

/** Navigating to an album remembers the page it came from; album-to-album moves keep the first source. */
function useAlbumSourceMemory() {
  const location = useLocation();
  const previous = useRef<{ pathname: string; page: string } | null>(null);
  useEffect(() => {
    const here = { pathname: location.pathname, page: `${location.pathname}${location.search}${location.hash}` };
    const before = previous.current;
    if (isAlbumPath(here.pathname) && before && !isAlbumPath(before.pathname)) rememberAlbumSource(before.page);
    previous.current = here;
  }, [location.pathname, location.search, location.hash]);
}

function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div aria-hidden="true" className={cx('fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden', !busy && 'hidden')}>
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-accent" />
    </div>
  );
}

const sidebarLinkClass = navLinkClass(
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold transition',
  'bg-white/10 text-zinc-50',
  'text-zinc-300 hover:bg-white/5 hover:text-zinc-50',
);

function Sidebar() {
  const { isLoading, isSubscriber, isAdmin } = useSession();
  const upgrade = useUpgrade();
  return (
    <aside className="fixed bottom-20 left-0 top-16 z-20 hidden w-60 flex-col justify-between border-r border-white/10 bg-zinc-950 p-4 md:flex">
      <nav aria-label="Main">
        <ul className="space-y-1">
          {destinations.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} end={to === '/'} className={sidebarLinkClass}>
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </NavLink>
            </li>
          ))}
          {isAdmin && (
            <li>
              <NavLink to="/admin" className={sidebarLinkClass}>
                <Shield aria-hidden="true" className="size-5" />
                Admin Panel
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
      {/* For guests and the free tier only. */}
      {!isLoading && !isSubscriber && (
        <div
          className="space-y-3 rounded-xl border border-white/10 bg-gradient-to-br from-accent/20 to-transparent p-4"
          data-testid="upgrade-card"
        >
          <p className="flex items-center gap-2 font-semibold text-zinc-50">
            <Crown aria-hidden="true" className="size-4 text-accent" />
            Upgrade to {brand.productPlus}
          </p>
          <p className="text-xs text-zinc-300">Exclusive tracks, early releases and direct support for the artists.</p>
          <Button className="w-full px-3 py-2 text-xs" onClick={upgrade}>
            Upgrade to {brand.productPlus}
          </Button>
        </div>
      )}
    </aside>
  );
}

function BottomNavigation() {
  return (
    <nav
      aria-label="Main"
      data-mobile-nav
      className="fixed inset-x-0 bottom-0 z-40 h-[calc(var(--mini-player-bottom)+env(safe-area-inset-bottom))] border-t border-white/10 bg-zinc-950 pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid h-full grid-cols-5">
        {destinations.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              onClick={() => haptic('selection')}
              className={navLinkClass(
                'flex h-full flex-col items-center justify-center gap-1 text-[11px] font-semibold',
                'text-accent',
                'text-zinc-300',
              )}
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
