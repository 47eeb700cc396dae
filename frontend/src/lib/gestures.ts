/**
 * The touch gestures of the app as pure rules: tap detection, horizontal swipes through the visited pages,
 * and the downward swipe that closes the fullscreen player. Components feed them points and times.
 */

export interface TouchPoint {
  x: number;
  y: number;
  /** Milliseconds, any clock (event.timeStamp). */
  t: number;
}

// ---------------------------------------------------------------- tap

/** A tap moves less than 10 px and lasts less than 300 ms; anything longer or further is a drag or a swipe. */
const TAP_MAX_MOVE_PX = 10;
const TAP_MAX_MS = 300;

export function isTap(start: TouchPoint, end: TouchPoint): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) < TAP_MAX_MOVE_PX && end.t - start.t < TAP_MAX_MS;
}

// ---------------------------------------------------------------- swipe navigation

/**
 * Two kinds of horizontal swipe move through the visited pages:
 * - a flick: 100 px within 300 ms, or 70 px within 450 ms when it starts within 20 px of a
 *   screen edge, drifting at most 100 × 1.2 px vertically;
 * - the shell's longer swipe: 120 px within 350 ms, drifting at most 100 px vertically.
 * Both must stay horizontal: under 30° from the horizontal while moving, under 35° at release.
 */
const swipeRules = {
  flick: { thresholdPx: 100, maxMs: 300, restraintPx: 100 * 1.2 },
  edgeFlick: { thresholdPx: 70, maxMs: 450, restraintPx: 100 * 1.2 },
  shell: { thresholdPx: 120, maxMs: 350, restraintPx: 100 },
  edgeZonePx: 20,
  maxMoveAngleDeg: 30,
  maxReleaseAngleDeg: 35,
} as const;

/** Elements a swipe may not start on: form fields, buttons, sliders, dialogs and the music player. */
export const SWIPE_IGNORED_SELECTOR =
  'input, textarea, select, button, a[role=button], [role=slider], [role=dialog], [role=alertdialog], [data-player], [data-no-swipe]';

/** Degrees between the movement and the horizontal (0 = perfectly sideways, 90 = straight up or down). */
export function angleFromHorizontal(dx: number, dy: number): number {
  if (dx === 0 && dy === 0) return 0;
  return (Math.atan2(Math.abs(dy), Math.abs(dx)) * 180) / Math.PI;
}

const startsAtEdge = (start: TouchPoint, viewportWidth: number): boolean =>
  start.x <= swipeRules.edgeZonePx || start.x >= viewportWidth - swipeRules.edgeZonePx;

/**
 * While the finger moves: is this still a horizontal swipe? Tiny movements (under 10 px) are not judged yet,
 * so the first jitter of a touch does not decide the gesture.
 */
export function isHorizontalMove(start: TouchPoint, now: TouchPoint): boolean {
  const dx = now.x - start.x;
  const dy = now.y - start.y;
  if (Math.hypot(dx, dy) < TAP_MAX_MOVE_PX) return true;
  return angleFromHorizontal(dx, dy) < swipeRules.maxMoveAngleDeg;
}

export type SwipeDirection = 'back' | 'forward';

/** Finger moving right goes back (the previous page slides in from the left); moving left goes forward. */
export const swipeDirection = (dx: number): SwipeDirection => (dx > 0 ? 'back' : 'forward');

/**
 * At release: where the swipe navigates, or null. `stayedHorizontal` is false once any move broke the 30° rule.
 */
export function classifySwipe(
  start: TouchPoint,
  end: TouchPoint,
  { viewportWidth, stayedHorizontal }: { viewportWidth: number; stayedHorizontal: boolean },
): SwipeDirection | null {
  if (!stayedHorizontal) return null;
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const elapsed = end.t - start.t;
  if (angleFromHorizontal(dx, dy) >= swipeRules.maxReleaseAngleDeg) return null;
  const fits = (rule: { thresholdPx: number; maxMs: number; restraintPx: number }) =>
    Math.abs(dx) >= rule.thresholdPx && Math.abs(dy) <= rule.restraintPx && elapsed <= rule.maxMs;
  const flick = startsAtEdge(start, viewportWidth) ? swipeRules.edgeFlick : swipeRules.flick;
  return fits(flick) || fits(swipeRules.shell) ? swipeDirection(dx) : null;
}

/** How far along a swipe is (0..1) toward the distance that navigates, for the direction indicator. */
export function swipeProgress(start: TouchPoint, now: TouchPoint, viewportWidth: number): number {
  const threshold = startsAtEdge(start, viewportWidth) ? swipeRules.edgeFlick.thresholdPx : swipeRules.flick.thresholdPx;
  return Math.min(1, Math.abs(now.x - start.x) / threshold);
}

// ---------------------------------------------------------------- fullscreen player

/** The fullscreen player closes on a downward swipe longer than 80 px, sliding away in 300 ms. */
const PLAYER_CLOSE_SWIPE_PX = 80;
export const PLAYER_CLOSE_ANIMATION_MS = 300;

export const closesFullscreenPlayer = (start: TouchPoint, end: TouchPoint): boolean => end.y - start.y > PLAYER_CLOSE_SWIPE_PX;

/** How far the sheet follows the finger: downward only. */
export const fullscreenDragOffset = (start: TouchPoint, now: TouchPoint): number => Math.max(0, now.y - start.y);
