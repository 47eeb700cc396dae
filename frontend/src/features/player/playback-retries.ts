/**
 * How often a start of playback is tried again when the browser refuses it (a slow decoder, a busy audio
 * session): 3 more tries 500 ms apart; Firefox on Android, slower to give up its audio focus, gets
 * 3 tries in all, 200 ms apart.
 */
export interface RetryPlan {
  /** Tries after the first one. */
  retries: number;
  delayMs: number;
}

export function playbackRetryPlan(userAgent: string): RetryPlan {
  const androidFirefox = /Android/i.test(userAgent) && /Firefox\//i.test(userAgent);
  return androidFirefox ? { retries: 2, delayMs: 200 } : { retries: 3, delayMs: 500 };
}
