/**
 * The script index.html runs first: it asks for the first page's data while the app's script downloads
 * (src/lib/http.ts takes each answer once). It is written into the page as it stands here, and its text never
 * changes with a build (the album page's chunk comes from a meta tag the build fills in), so the Content-Security-Policy
 * allows it by one hash computed from this text (infra/security-headers.ts): inline, it costs no request before the
 * first paint, where a script file in the head would hold the paint for a round trip.
 */
export const earlyAnswersScript = `(function () {
  var early = (window.earlyAnswers = {});
  var get = function (path) {
    early[path] = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'include' });
    early[path].catch(function () {});
  };
  var path = location.pathname;
  var album = /^\\/album\\/([^/]+)\\/?$/.exec(path);
  get('/api/session/validate');
  if (path === '/') {
    get('/api/albums');
    get('/api/artists');
  } else if (album) {
    get('/api/albums/' + album[1]);
    get('/api/albums/' + album[1] + '/tracks');
    // The album page's code too (the build names its chunk in the album-page-chunk meta tag).
    var chunk = document.querySelector('meta[name="album-page-chunk"]');
    if (chunk && chunk.content) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = chunk.content;
      document.head.appendChild(link);
    }
  }
})();`;

/** Where index.html takes the script: the build and the dev server write it in place of this comment. */
const EARLY_ANSWERS_PLACEHOLDER = '<!-- early-answers -->';

/** index.html with the script in place of its placeholder (an error when the page has none: the CSP hash would allow nothing). */
export function withEarlyAnswers(html: string): string {
  if (!html.includes(EARLY_ANSWERS_PLACEHOLDER))
    throw new Error(`index.html has no ${EARLY_ANSWERS_PLACEHOLDER} for the early-answers script`);
  return html.replace(EARLY_ANSWERS_PLACEHOLDER, () => `<script>${earlyAnswersScript}</script>`);
}
