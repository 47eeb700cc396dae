/**
 * Swipe left to remove a favourite on touch screens: past 80 px the Remove button is revealed and stays,
 * past 120 px letting go removes the song at once. A gesture that starts vertical is a scroll and is left alone.
 */

export const SWIPE_REVEAL_PX = 80;
export const SWIPE_REMOVE_PX = 120;
/** The row follows the finger this far at most, so it never leaves the screen. */
export const SWIPE_MAX_PX = 160;
/** Movement below this decides nothing yet (a tap, or a finger settling). */
const SWIPE_LOCK_PX = 10;

export type SwipeAxis = 'undecided' | 'horizontal' | 'vertical';
type SwipeRelease = 'closed' | 'revealed' | 'removed';

/** Which way a touch is going, decided once it has moved far enough. */
export function swipeAxis(dx: number, dy: number): SwipeAxis {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_LOCK_PX) return 'undecided';
  return Math.abs(dx) > Math.abs(dy) ? 'horizontal' : 'vertical';
}

/** How far left the row sits (a negative offset), from where it started and how far the finger went. */
export function swipeOffset(startOffset: number, dx: number): number {
  return Math.max(-SWIPE_MAX_PX, Math.min(0, startOffset + dx));
}

/** What letting go at this offset does. */
export function swipeRelease(offset: number): SwipeRelease {
  if (offset <= -SWIPE_REMOVE_PX) return 'removed';
  if (offset <= -SWIPE_REVEAL_PX) return 'revealed';
  return 'closed';
}

/** Where the row rests after letting go. */
export const restingOffset = (release: SwipeRelease): number => (release === 'revealed' ? -SWIPE_REVEAL_PX : 0);
