import { describe, expect, it } from 'vitest';
import { canGoBack, canGoForward, routerPosition, startHistory, visit } from '../../frontend/src/app/visited-history';
import { createClickLock } from '../../frontend/src/lib/click-lock';
import {
  angleFromHorizontal,
  classifySwipe,
  closesFullscreenPlayer,
  fullscreenDragOffset,
  isHorizontalMove,
  isTap,
  swipeProgress,
  type TouchPoint,
} from '../../frontend/src/lib/gestures';
import {
  idlePull,
  pullLabel,
  pullOffset,
  pullReducer,
  pullRules,
  type PullEvent,
  type PullState,
} from '../../frontend/src/lib/pull-to-refresh';
import { tooltipOpenDelay } from '../../frontend/src/ui/tooltip-timing';

const WIDTH = 390;
const at = (x: number, y: number, t: number): TouchPoint => ({ x, y, t });
/** A swipe from (x, 400) at t=0 that moved dx, dy in `ms`. */
const swipe = (x: number, dx: number, dy: number, ms: number, stayedHorizontal = true) =>
  classifySwipe(at(x, 400, 0), at(x + dx, 400 + dy, ms), { viewportWidth: WIDTH, stayedHorizontal });

describe('tap detection', () => {
  it('is a tap under 10 px of movement and under 300 ms', () => {
    expect(isTap(at(100, 100, 0), at(106, 107, 299))).toBe(true);
    expect(isTap(at(100, 100, 0), at(110, 100, 100))).toBe(false);
    expect(isTap(at(100, 100, 0), at(100, 100, 300))).toBe(false);
  });
});

describe('swipe navigation through visited pages', () => {
  it('a flick of 100 px within 300 ms from the middle of the screen navigates; right is back, left is forward', () => {
    expect(swipe(150, 100, 0, 300)).toBe('back');
    expect(swipe(250, -100, 0, 300)).toBe('forward');
    expect(swipe(150, 99, 0, 200)).toBeNull();
  });

  it('a flick from the middle slower than 300 ms does not, unless it is the shell swipe (120 px within 350 ms)', () => {
    expect(swipe(150, 110, 0, 301)).toBeNull();
    expect(swipe(150, 120, 0, 350)).toBe('back');
    expect(swipe(150, 150, 0, 351)).toBeNull();
  });

  it('from within 20 px of an edge, 70 px within 450 ms is enough', () => {
    expect(swipe(20, 70, 0, 450)).toBe('back');
    expect(swipe(WIDTH - 20, -70, 0, 450)).toBe('forward');
    expect(swipe(21, 70, 0, 200)).toBeNull();
    expect(swipe(10, 70, 0, 451)).toBeNull();
  });

  it('allows 100 × 1.2 px of vertical drift for a flick and 100 px for the shell swipe', () => {
    // Long enough to keep the release angle under 35°.
    expect(swipe(100, 200, 120, 300)).toBe('back');
    expect(swipe(100, 200, 121, 300)).toBeNull();
    expect(swipe(100, 200, 101, 320)).toBeNull();
    expect(swipe(100, 200, 100, 320)).toBe('back');
  });

  it('must stay under 30° while moving and under 35° at release', () => {
    expect(angleFromHorizontal(100, 100)).toBeCloseTo(45);
    expect(isHorizontalMove(at(100, 100, 0), at(200, 157, 50))).toBe(true); // 29.7°
    expect(isHorizontalMove(at(100, 100, 0), at(200, 158, 50))).toBe(false); // 30.1°
    expect(isHorizontalMove(at(100, 100, 0), at(103, 108, 10))).toBe(true); // too small to judge
    expect(swipe(100, 150, 104, 250)).toBe('back'); // 34.7°
    expect(swipe(100, 150, 106, 250)).toBeNull(); // 35.2°
    expect(swipe(100, 150, 0, 250, false)).toBeNull();
  });

  it('reports how far along the swipe is for the direction indicator', () => {
    expect(swipeProgress(at(150, 400, 0), at(200, 400, 50), WIDTH)).toBe(0.5);
    expect(swipeProgress(at(10, 400, 0), at(45, 400, 50), WIDTH)).toBe(0.5);
    expect(swipeProgress(at(150, 400, 0), at(400, 400, 50), WIDTH)).toBe(1);
  });
});

describe('the visited pages', () => {
  it('grow with each visit and are walked back and forward', () => {
    let history = startHistory(0);
    history = visit(history, 1, 'PUSH');
    history = visit(history, 2, 'PUSH');
    expect([canGoBack(history), canGoForward(history)]).toEqual([true, false]);
    history = visit(history, 1, 'POP');
    expect(history.index).toBe(1);
    expect([canGoBack(history), canGoForward(history)]).toEqual([true, true]);
  });

  it('drop the pages ahead on a new visit, and replace in place', () => {
    let history = visit(visit(visit(startHistory(0), 1, 'PUSH'), 2, 'PUSH'), 1, 'POP');
    history = visit(history, 2, 'PUSH');
    expect(history).toEqual({ index: 2, last: 2 });
    history = visit(visit(history, 1, 'POP'), 1, 'REPLACE');
    expect([canGoBack(history), canGoForward(history)]).toEqual([true, true]);
    expect(canGoBack(startHistory(0))).toBe(false);
  });

  it('know the pages visited before the gestures loaded, or before a reload, from the router’s position', () => {
    const late = startHistory(routerPosition({ usr: null, key: 'k3', idx: 3 }));
    expect([canGoBack(late), canGoForward(late)]).toEqual([true, false]);
    expect([null, undefined, 'x', { idx: -1 }, { idx: 1.5 }, { key: 'k' }].map(routerPosition)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('the fullscreen player', () => {
  it('closes on a downward swipe of more than 80 px and follows the finger downward only', () => {
    expect(closesFullscreenPlayer(at(200, 100, 0), at(200, 181, 200))).toBe(true);
    expect(closesFullscreenPlayer(at(200, 100, 0), at(200, 180, 200))).toBe(false);
    expect(closesFullscreenPlayer(at(200, 300, 0), at(200, 100, 200))).toBe(false);
    expect(fullscreenDragOffset(at(0, 100, 0), at(0, 140, 0))).toBe(40);
    expect(fullscreenDragOffset(at(0, 100, 0), at(0, 60, 0))).toBe(0);
  });
});

describe('pull-to-refresh', () => {
  const run = (...events: PullEvent[]): PullState => events.reduce(pullReducer, idlePull);
  const start = (y = 100, atTop = true, onIgnoredElement = false): PullEvent => ({ type: 'touchStart', y, atTop, onIgnoredElement });
  const move = (y: number): PullEvent => ({ type: 'touchMove', y });
  const end: PullEvent = { type: 'touchEnd' };

  it('starts pulling after 10 px down, shows from 15 px, and asks for release from 100 px', () => {
    expect(run(start(), move(110)).phase).toBe('tracking');
    expect(run(start(), move(111)).phase).toBe('pulling');
    expect(pullLabel(run(start(), move(114)), 'Toko')).toBeNull();
    expect(pullLabel(run(start(), move(115)), 'Toko')).toBe('Pull down to refresh');
    expect(pullLabel(run(start(), move(200)), 'Toko')).toBe('Release to refresh');
  });

  it('refreshes when released beyond 100 px, and reads "Refreshing Toko..." until the refresh ends', () => {
    const refreshing = run(start(), move(150), move(200), end);
    expect(refreshing.phase).toBe('refreshing');
    expect(pullLabel(refreshing, 'Toko')).toBe('Refreshing Toko...');
    expect(pullReducer(refreshing, start()).phase).toBe('refreshing');
    expect(pullReducer(refreshing, { type: 'refreshEnded' })).toEqual(idlePull);
    expect(run(start(), move(199), end)).toEqual(idlePull);
  });

  it('is cancelled by an upward move of more than 5 px', () => {
    expect(run(start(), move(95)).phase).toBe('tracking');
    expect(run(start(), move(94))).toEqual(idlePull);
    expect(run(start(), move(150), move(94))).toEqual(idlePull);
  });

  it('never starts away from the top or on a control, the player or the navigation', () => {
    expect(run(start(100, false), move(300), end)).toEqual(idlePull);
    expect(run(start(100, true, true), move(300), end)).toEqual(idlePull);
  });

  it('moves the indicator with a resistance of 3.5', () => {
    expect(pullOffset(run(start(0), move(70)))).toBe(20);
    expect(pullOffset(run(start(0), move(1000)))).toBe((pullRules.thresholdPx * 1.5) / 3.5);
    expect(pullOffset(idlePull)).toBe(0);
  });
});

describe('tooltips and click locks', () => {
  it('open after 700 ms, or at once within 300 ms of another closing or while another is open', () => {
    expect(tooltipOpenDelay(10_000, null, false)).toBe(700);
    expect(tooltipOpenDelay(10_000, 9_701, false)).toBe(0);
    expect(tooltipOpenDelay(10_000, 9_700, false)).toBe(700);
    expect(tooltipOpenDelay(10_000, null, true)).toBe(0);
  });

  it('ignore upgrade clicks within 1 s of the last accepted one', () => {
    const accept = createClickLock(1000);
    expect([accept(0), accept(500), accept(999), accept(1000), accept(1500), accept(2000)]).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
  });
});
