/**
 * A button pressed on a pre-rendered page before its script has made it work: the page starter (page-starter.ts)
 * notes the last one and keeps its default (a form's submit) from happening, and the app presses it again once the
 * page is hydrated, so a Play or an Add to cart pressed while the app is still on its way is not lost. Links need
 * none of this: until then they navigate as plain links do.
 */

/** What the page starter notes, on `window.earlyClick`. */
interface EarlyClick {
  button: HTMLButtonElement | null;
  /** Cleared as hydration starts: from then on React answers clicks itself (it hydrates what was clicked first). */
  noting: boolean;
}

declare global {
  interface Window {
    earlyClick?: EarlyClick;
  }
}

let pressed: HTMLButtonElement | null = null;

/** Called as hydration starts: the starter notes no more, and the button pressed meanwhile waits for the hydrated page. */
export function stopNotingEarlyClicks(): void {
  const early = window.earlyClick;
  if (!early) return;
  early.noting = false;
  pressed = early.button;
  early.button = null;
}

/** Once hydrated: presses again the button pressed before, if the page still shows it. */
export function replayEarlyClick(): void {
  const button = pressed;
  pressed = null;
  if (button?.isConnected && !button.disabled) button.click();
}
