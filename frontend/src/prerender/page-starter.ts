/**
 * The one script a pre-rendered page runs on its own (render-page.tsx writes it at the end of the body): it starts the
 * app only once the page is shown, so that before the first paint the page fetches nothing but its HTML, its
 * stylesheet and its images. Its text never changes with a build (the modules come from a meta tag the pre-render
 * fills in), so the Content-Security-Policy allows it by one hash of this text (infra/security-headers.ts).
 */

/** The meta tag naming the app's modules: the entry first, then the ones it will import, to download alongside it. */
export const APP_MODULES_META = 'app-modules';

/**
 * Starts the app once the page has loaded (its images are in) and its first contentful paint is on screen (`load` may
 * come first, and a frame's callbacks run before its paint is shown), or at once on a first tap or key press (the page
 * is already being used), or after a few seconds when a slow image holds `load` back. A hidden tab paints nothing, and
 * a browser without paint timing says nothing: there it starts in the next task after `load`.
 *
 * Until the app starts hydrating it notes the last button pressed (early-click.ts), which the app presses again once
 * the page works: a press while the app's code is on its way is not lost.
 */
export const pageStarterScript = `(function () {
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    var meta = document.querySelector('meta[name="${APP_MODULES_META}"]');
    var modules = meta ? meta.content.split(' ') : [];
    for (var i = 1; i < modules.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    if (!modules[0]) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = modules[0];
    document.head.appendChild(script);
  };
  var afterPaint = function () {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (document.visibilityState === 'hidden' || types.indexOf('paint') < 0) return setTimeout(start, 0);
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  ['pointerdown', 'keydown'].forEach(function (type) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  });
  setTimeout(start, 5000);
  var clicks = (window.earlyClick = { button: null, noting: true });
  addEventListener(
    'click',
    function (event) {
      var button = clicks.noting && event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || button.disabled) return;
      clicks.button = button;
      event.preventDefault();
    },
    true,
  );
})();`;
