/**
 * Registers the service worker (/sw.js), checks for a new version every 10 s, and reloads the page when one
 * takes over or when the worker asks for it ("new-version", "force-reload"). A reload waits for the music to
 * stop, so an update never cuts a song (the queue and position come back after the reload anyway).
 */

export const UPDATE_CHECK_INTERVAL_MS = 10_000;
const QUIET_CHECK_MS = 2000;

const isPlaying = () => Array.from(document.querySelectorAll('audio')).some((audio) => !audio.paused && !audio.ended);

let reloading = false;
function reloadWhenQuiet() {
  if (reloading) return;
  reloading = true;
  const attempt = () => (isPlaying() ? setTimeout(attempt, QUIET_CHECK_MS) : window.location.reload());
  attempt();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // A page that had no worker yet gets its first one without a reload; only a replaced worker means new code.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) reloadWhenQuiet();
    controlled = true;
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === 'new-version' || event.data?.type === 'force-reload') reloadWhenQuiet();
  });
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  // After the page's own loading, so the worker never competes with the first paint.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
