/**
 * Pull-to-refresh as a pure state machine, so each threshold is tested without a finger. A pull starts only at the very top of
 * the page, becomes visible after 10 px, asks to be released from 100 px of finger travel, and is
 * cancelled by an upward move of more than 5 px. The sheet follows the finger with a resistance of 3.5.
 */

export const pullRules = {
  /** Finger travel that starts a pull. */
  startPx: 10,
  /** Below this much travel a release does nothing and the indicator stays hidden. */
  minPullPx: 15,
  /** Finger travel beyond which a release refreshes. */
  thresholdPx: 100,
  /** The indicator moves 1 px for every 3.5 px of finger travel. */
  resistance: 3.5,
  /** An upward move of more than this cancels. */
  cancelUpPx: 5,
  /** Every scroll container must be within this of its top for a pull to start. */
  topTolerancePx: 5,
  /** After the data is back, the indicator stays this long so the refresh is seen. */
  settleMs: 800,
  /** A refresh that has not finished by then is ended anyway. */
  timeoutMs: 5000,
} as const;

/** Where a pull may not start: controls, the player and the mobile navigation. */
export const PULL_IGNORED_SELECTOR =
  'input, textarea, select, button, a[role=button], [role=slider], [role=dialog], [role=alertdialog], [data-player], [data-mobile-nav], [data-no-pull]';

export type PullState =
  | { phase: 'idle' }
  | { phase: 'tracking'; startY: number }
  | { phase: 'pulling'; startY: number; distance: number }
  | { phase: 'refreshing' };

export type PullEvent =
  | { type: 'touchStart'; y: number; atTop: boolean; onIgnoredElement: boolean }
  | { type: 'touchMove'; y: number }
  | { type: 'touchEnd' }
  | { type: 'refreshEnded' };

export const idlePull: PullState = { phase: 'idle' };

export function pullReducer(state: PullState, event: PullEvent): PullState {
  switch (event.type) {
    case 'touchStart':
      if (state.phase === 'refreshing') return state;
      return event.atTop && !event.onIgnoredElement ? { phase: 'tracking', startY: event.y } : idlePull;
    case 'touchMove': {
      if (state.phase !== 'tracking' && state.phase !== 'pulling') return state;
      const distance = event.y - state.startY;
      if (distance < -pullRules.cancelUpPx) return idlePull;
      if (state.phase === 'tracking') return distance > pullRules.startPx ? { phase: 'pulling', startY: state.startY, distance } : state;
      return { ...state, distance: Math.max(0, distance) };
    }
    case 'touchEnd':
      if (state.phase === 'pulling' && state.distance >= pullRules.thresholdPx) return { phase: 'refreshing' };
      return state.phase === 'refreshing' ? state : idlePull;
    case 'refreshEnded':
      return idlePull;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** How far the indicator has come down, in px. */
export function pullOffset(state: PullState): number {
  if (state.phase === 'refreshing') return pullRules.thresholdPx / pullRules.resistance;
  if (state.phase !== 'pulling') return 0;
  return Math.min(state.distance, pullRules.thresholdPx * 1.5) / pullRules.resistance;
}

/** The indicator's text, or null while it is hidden. */
export function pullLabel(state: PullState, product: string): string | null {
  if (state.phase === 'refreshing') return `Refreshing ${product}...`;
  if (state.phase !== 'pulling' || state.distance < pullRules.minPullPx) return null;
  return state.distance >= pullRules.thresholdPx ? 'Release to refresh' : 'Pull down to refresh';
}
