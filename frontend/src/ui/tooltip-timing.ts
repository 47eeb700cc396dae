/**
 * When a tooltip opens: after 700 ms of hovering, or at once when another tooltip closed less than 300 ms
 * ago (moving along a row of icon buttons), as Radix's tooltip timing does, so a passing pointer opens none.
 */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function tooltipOpenDelay(now: number, lastClosedAt: number | null, anotherIsOpen: boolean): number {
  if (anotherIsOpen) return 0;
  return lastClosedAt !== null && now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
}
