import { describe, expect, it } from 'vitest';
import { APP_MODULES_META, pageStarterScript } from './page-starter';
import { pageHtml } from './render-page';

/** index.html as the build writes it (vite.config.ts), cut to the parts the pre-render reads. */
const template = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Toko" />
    <title>Toko</title>
    <!-- The album page's chunk, for the early-answers script (the build writes its name). -->
    <meta name="album-page-chunk" content="/assets/album-page-1.js" />
    <meta name="hydration-chunk" content="/assets/start-prerendered-1.js" />
    <meta name="artist-page-chunk" content="/assets/artist-route-1.js" />
    <script>early();</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/libraries-1.js">
    <link rel="modulepreload" crossorigin href="/assets/app-1.js">
  </head>
  <body>
    <div id="root">
      <div>Loading the music…</div>
    </div>
    <noscript>Toko needs JavaScript to play music.</noscript>
  </body>
</html>
`;

const page = (kind: 'home' | 'album' | 'artist') =>
  pageHtml(template, '<title>First Light</title>', '<main>First Light</main>', { queries: [] }, kind);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('a pre-rendered page', () => {
  it('fetches nothing but its stylesheet before the first paint: no script or module preload in its head', () => {
    const head = headOf(page('album'));
    expect(head).not.toMatch(/<script(?![^>]*type="application\/(ld\+)?json")/);
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
  });

  it("names the app's modules for its starter: the entry, the ones index.html preloads, the hydration code and the page's chunk", () => {
    const modules = (html: string) => new RegExp(`<meta name="${APP_MODULES_META}" content="([^"]*)" />`).exec(html)?.[1].split(' ');
    const app = [
      '/assets/index-1.js',
      '/assets/react-1.js',
      '/assets/libraries-1.js',
      '/assets/app-1.js',
      '/assets/start-prerendered-1.js',
    ];
    expect(modules(page('home'))).toEqual(app);
    expect(modules(page('album'))).toEqual([...app, '/assets/album-page-1.js']);
    expect(modules(page('artist'))).toEqual([...app, '/assets/artist-route-1.js']);
    expect(page('album')).not.toMatch(/<meta name="[a-z-]+-chunk"/);
  });

  it('runs one inline script, the constant starter, last in its body, after the markup and its data', () => {
    const html = page('artist');
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/(ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => match[2],
    );
    expect(scripts).toEqual([pageStarterScript]);
    expect(html.indexOf(pageStarterScript)).toBeGreaterThan(html.indexOf('id="prerendered-state"'));
    expect(html).toMatch(/<\/script>\s*<\/body>/);
    expect(html).toContain('<div id="root"><main>First Light</main></div>');
  });

  it("asks for its largest image from its head: React's preloads move out of the markup", () => {
    const preload = '<link rel="preload" as="image" href="/media/images/artwork/a.jpg" fetchPriority="high"/>';
    const html = pageHtml(template, '<title>First Light</title>', `${preload}<main>First Light</main>`, {}, 'album');
    expect(headOf(html)).toContain(preload);
    expect(html).toContain('<div id="root"><main>First Light</main></div>');
  });
});
