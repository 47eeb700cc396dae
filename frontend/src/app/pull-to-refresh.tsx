/**
 * Pull-to-refresh on touch screens: pulling down at the top of a page reloads every read (and the session)
 * without reloading the app, so the music keeps playing. The rules are in lib/pull-to-refresh.ts.
 */
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { useLatest } from '../lib/use-latest';
import { brand } from '../lib/brand';
import { cx } from '../lib/class-names';
import { idlePull, PULL_IGNORED_SELECTOR, pullLabel, pullOffset, pullReducer, pullRules } from '../lib/pull-to-refresh';
import { sessionKeys } from '../lib/session';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when the page and every scrolled box around the touch are at (or within 5 px of) their top. */
function isAtTop(target: EventTarget | null): boolean {
  if (window.scrollY > pullRules.topTolerancePx) return false;
  for (let element = target instanceof Element ? target : null; element; element = element.parentElement) {
    if (element.scrollTop > pullRules.topTolerancePx) return false;
  }
  return true;
}

export function PullToRefresh() {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(pullReducer, idlePull);
  const phase = useLatest(state.phase);

  useEffect(() => {
    const onStart = (event: TouchEvent) => {
      if (event.touches.length !== 1) return;
      const target = event.target instanceof Element ? event.target : null;
      dispatch({
        type: 'touchStart',
        y: event.touches[0].clientY,
        atTop: isAtTop(target),
        onIgnoredElement: Boolean(target?.closest(PULL_IGNORED_SELECTOR)),
      });
    };
    const onMove = (event: TouchEvent) => {
      if (phase.current === 'idle' || phase.current === 'refreshing') return;
      dispatch({ type: 'touchMove', y: event.touches[0].clientY });
    };
    const onEnd = () => dispatch({ type: 'touchEnd' });
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchmove', onMove, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchmove', onMove);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onEnd);
    };
  }, [phase]);

  const refreshing = state.phase === 'refreshing';
  useEffect(() => {
    if (!refreshing) return;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      dispatch({ type: 'refreshEnded' });
    };
    // Every read again, the session first among them; then a moment so the refresh is seen.
    const refresh = Promise.all([
      queryClient.refetchQueries({ queryKey: sessionKeys.all }),
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] }),
    ])
      .catch((error: unknown) => console.error('Pull-to-refresh failed', error))
      .then(() => wait(pullRules.settleMs));
    void refresh.then(end);
    const timeout = setTimeout(end, pullRules.timeoutMs);
    return () => {
      ended = true;
      clearTimeout(timeout);
    };
  }, [refreshing, queryClient]);

  const label = pullLabel(state, brand.product);
  if (!label) return null;
  const ready = state.phase === 'pulling' && state.distance >= pullRules.thresholdPx;
  return (
    <div
      role="status"
      data-testid="pull-to-refresh"
      className="pointer-events-none fixed inset-x-0 top-14 z-30 flex justify-center md:top-16"
      style={{ transform: `translateY(${pullOffset(state)}px)` }}
    >
      <span className="flex items-center gap-2 rounded-full border border-white/10 bg-zinc-900 px-4 py-2 text-sm font-semibold text-zinc-50 shadow-xl">
        <RefreshCw
          aria-hidden="true"
          className={cx('size-4 text-accent transition-transform', refreshing && 'animate-spin', ready && 'rotate-180')}
        />
        {label}
      </span>
    </div>
  );
}
