/**
 * Horizontal swipes on touch screens move back and forward through the pages visited in this tab, with an
 * arrow at the screen's edge showing where the swipe leads. The rules are in lib/gestures.ts.
 */
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { cx } from '../lib/class-names';
import {
  classifySwipe,
  isHorizontalMove,
  isTap,
  SWIPE_IGNORED_SELECTOR,
  swipeDirection,
  swipeProgress,
  type SwipeDirection,
  type TouchPoint,
} from '../lib/gestures';
import { canGoBack, canGoForward, routerPosition, startHistory, visit, type VisitedHistory } from './visited-history';

/** Below this much sideways travel the indicator stays hidden (a touch that has not shown its intent). */
const INDICATOR_MIN_PX = 16;

function useVisitedHistory(): RefObject<VisitedHistory> {
  const location = useLocation();
  const navigationType = useNavigationType();
  const history = useRef<VisitedHistory>(startHistory(routerPosition(window.history.state)));
  useEffect(() => {
    history.current = visit(history.current, routerPosition(window.history.state), navigationType);
  }, [location.key, navigationType]);
  return history;
}

interface Indicator {
  direction: SwipeDirection;
  progress: number;
  possible: boolean;
}

export function SwipeNavigation() {
  const navigate = useNavigate();
  const history = useVisitedHistory();
  const [indicator, setIndicator] = useState<Indicator | null>(null);

  useEffect(() => {
    let start: TouchPoint | null = null;
    let horizontal = true;
    const point = (event: TouchEvent): TouchPoint => {
      const touch = event.touches[0] ?? event.changedTouches[0];
      return { x: touch.clientX, y: touch.clientY, t: event.timeStamp };
    };
    const possible = (direction: SwipeDirection) => (direction === 'back' ? canGoBack(history.current) : canGoForward(history.current));

    const onStart = (event: TouchEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      start = event.touches.length === 1 && !target?.closest(SWIPE_IGNORED_SELECTOR) ? point(event) : null;
      horizontal = true;
    };
    const onMove = (event: TouchEvent) => {
      if (!start) return;
      const now = point(event);
      horizontal = horizontal && isHorizontalMove(start, now);
      const dx = now.x - start.x;
      if (!horizontal || Math.abs(dx) < INDICATOR_MIN_PX) return setIndicator(null);
      const direction = swipeDirection(dx);
      setIndicator({ direction, progress: swipeProgress(start, now, window.innerWidth), possible: possible(direction) });
    };
    const onEnd = (event: TouchEvent) => {
      if (!start) return;
      const end = point(event);
      const from = start;
      start = null;
      setIndicator(null);
      if (isTap(from, end)) return;
      const direction = classifySwipe(from, end, { viewportWidth: window.innerWidth, stayedHorizontal: horizontal });
      if (direction && possible(direction)) void navigate(direction === 'back' ? -1 : 1);
    };
    const onCancel = () => {
      start = null;
      setIndicator(null);
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchmove', onMove, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchmove', onMove);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onCancel);
    };
  }, [navigate, history]);

  if (!indicator) return null;
  const Arrow = indicator.direction === 'back' ? ArrowLeft : ArrowRight;
  const ready = indicator.possible && indicator.progress >= 1;
  return (
    <div
      aria-hidden="true"
      data-testid="swipe-indicator"
      data-direction={indicator.direction}
      className={cx('pointer-events-none fixed top-1/2 z-50 -translate-y-1/2', indicator.direction === 'back' ? 'left-3' : 'right-3')}
      style={{ opacity: indicator.possible ? 0.35 + 0.65 * indicator.progress : 0.3 }}
    >
      <span
        className={cx(
          'flex size-12 items-center justify-center rounded-full border shadow-xl transition-colors',
          ready ? 'border-accent bg-accent text-accent-foreground' : 'border-white/15 bg-zinc-900 text-zinc-100',
        )}
        style={{ transform: `scale(${0.8 + 0.2 * indicator.progress})` }}
      >
        <Arrow aria-hidden="true" className="size-6" />
      </span>
    </div>
  );
}
