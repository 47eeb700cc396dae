/**
 * Haptic feedback on phones, in three patterns: a tap (impact, 10 ms), a choice (selection, 5-5-5) and an
 * outcome (notification, 10-50-10). Silent where the browser has no vibration (desktops, iOS Safari) or refuses it.
 */
export const HAPTIC_PATTERNS = {
  impact: [10],
  selection: [5, 5, 5],
  notification: [10, 50, 10],
} as const satisfies Record<string, readonly number[]>;

export type Haptic = keyof typeof HAPTIC_PATTERNS;

/** Whether the device was asked to vibrate. */
export function haptic(kind: Haptic, device: { vibrate?: (pattern: number[]) => boolean } | undefined = globalThis.navigator): boolean {
  if (typeof device?.vibrate !== 'function') return false;
  try {
    return device.vibrate([...HAPTIC_PATTERNS[kind]]);
  } catch {
    // Some browsers throw instead of answering false (no user gesture yet, or a permissions policy): stay silent.
    return false;
  }
}
