/**
 * Builds the SPA: root frontend/, output frontend/dist, React, Tailwind, and the brand (name, accent colour,
 * icon) written into the page at build time so the first paint is already on-brand.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from 'vite';
import { brand } from '../events/brand.js';
import { escapeHtml } from '../functions/platform/contract/html.js';
import { withEarlyAnswers } from './build/early-answers.js';
import { precompressPlugin } from './build/precompress.js';
import { webAppPlugin } from './build/web-app.js';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text on the accent colour: near-black or white, whichever contrasts more (AA for any brand colour that allows it). */
function accentForeground(accent: string): string {
  const background = luminance(accent);
  const onDark = (background + 0.05) / (luminance('#09090b') + 0.05);
  const onLight = 1.05 / (background + 0.05);
  return onDark >= onLight ? '#09090b' : '#ffffff';
}

function brandPage(): Plugin {
  if (!/^#[0-9a-f]{6}$/i.test(brand.accentColor)) throw new Error(`brand.accentColor must be #rrggbb, got ${brand.accentColor}`);
  const icon =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${brand.accentColor}"/>` +
    `<circle cx="16" cy="16" r="5" fill="#09090b"/></svg>`;
  return {
    name: 'brand-page',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => ({
        html: html
          .replaceAll('%BRAND_PRODUCT%', escapeHtml(brand.product))
          .replaceAll(
            '%BRAND_DESCRIPTION%',
            escapeHtml(`${brand.product} by ${brand.labelName}: artist-driven music to stream, collect and support.`),
          ),
        tags: [
          {
            tag: 'style',
            children: `:root{--brand-accent:${brand.accentColor};--brand-accent-foreground:${accentForeground(brand.accentColor)}}`,
            injectTo: 'head',
          },
          {
            tag: 'link',
            attrs: { rel: 'icon', type: 'image/svg+xml', href: `data:image/svg+xml,${encodeURIComponent(icon)}` },
            injectTo: 'head',
          },
        ],
      }),
    },
  };
}

/** The chunk holding `module` (a path under frontend/src), or an error naming it. */
function chunkOf(bundle: Rolldown.OutputBundle | undefined, module: string): Rolldown.OutputChunk {
  const chunk = Object.values(bundle ?? {}).find(
    (c): c is Rolldown.OutputChunk => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(`/src/${module}`)),
  );
  if (!chunk) throw new Error(`preload-chunks: no chunk holds src/${module}`);
  return chunk;
}

/**
 * Start-up chunks index.html asks for early:
 * - React's, the libraries' and the app's chunks, always: main.tsx imports them once the page is painted, a task
 *   apart (so React and the app are evaluated in tasks of their own, not one long one before the first paint), and
 *   without the hints the downloads would only start then. The schemas' chunk (zod and the first page's contract) is
 *   not among them: main.tsx asks for it once the page is painted, and it downloads while the app starts, without
 *   taking bandwidth from the code the app cannot start without;
 * - the album page's chunk on album pages (the early-answers script reads it from the meta tag where the build writes
 *   %ALBUM_PAGE_CHUNK%), so it downloads with the rest instead of after the app has started. In development there is
 *   no chunk and the placeholder is empty;
 * - on a pre-rendered page, the hydration code and the page's own chunk: the build names them in meta tags
 *   (%HYDRATION_CHUNK%, %ARTIST_PAGE_CHUNK%) that the pre-render lists, with the entry and these preloads, for the page's
 *   starter script to load once the page is shown (prerender/render-page.tsx: such a page fetches no script before).
 * It also writes the early-answers script into the page (build/early-answers.ts), after Vite's own transforms so its
 * text stays exactly the one the Content-Security-Policy's hash allows.
 */
function preloadChunks(): Plugin {
  return {
    name: 'preload-chunks',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        html = withEarlyAnswers(html);
        if (!context.bundle) return html.replace(/%(ALBUM_PAGE|ARTIST_PAGE|HYDRATION)_CHUNK%/g, '');
        const libraries = Object.values(context.bundle).find(
          (c): c is Rolldown.OutputChunk =>
            c.type === 'chunk' && c.moduleIds.some((id) => /[\\/]node_modules[\\/]react-router[\\/]/.test(id)),
        );
        if (!libraries) throw new Error('preload-chunks: no chunk holds react-router');
        const app = chunkOf(context.bundle, 'app/start.tsx');
        const react = chunkOf(context.bundle, 'app/react.ts');
        const albumPage = chunkOf(context.bundle, 'app/routes/album-route.tsx');
        const artistPage = chunkOf(context.bundle, 'app/routes/artist-route.tsx');
        const hydration = chunkOf(context.bundle, 'app/start-prerendered.tsx');
        return {
          html: html
            .replace('%ALBUM_PAGE_CHUNK%', `/${albumPage.fileName}`)
            .replace('%ARTIST_PAGE_CHUNK%', `/${artistPage.fileName}`)
            .replace('%HYDRATION_CHUNK%', `/${hydration.fileName}`),
          tags: [react, libraries, app].map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/** The libraries every page is built on: the router and the data layer (the `libraries` chunk, app/libraries.ts). */
const libraries = /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/;
/**
 * Their modules only the admin panel uses (react-query's infinite queries: the admin tables' cursor pages). Left out of
 * the libraries chunk they come with the admin pages' chunks, not with every listener's first page.
 */
const adminOnlyLibraries =
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/].*[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$/;
/** Likewise react-query's hydration, which only a pre-rendered page runs (app/start-prerendered.tsx). */
const prerenderedOnlyLibraries = /node_modules[\\/]@tanstack[\\/]query-core[\\/].*[\\/]hydration\.js$/;

/**
 * The contract's modules app/contract-schemas.ts names (the first page's schemas): a chunk of their own, with it and
 * zod, which the first page's code does not import (lib/http.ts: its calls load their answers' schemas).
 */
const contractModules = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { imports: Record<string, string> }
).imports;
const firstPageContract = [
  ...readFileSync(new URL('src/app/contract-schemas.ts', import.meta.url), 'utf8').matchAll(/^import '(#contract\/[a-z-]+\.js)';$/gm),
].map(([, alias]) => {
  const file = contractModules[alias];
  if (!file) throw new Error(`app/contract-schemas.ts imports ${alias}, which package.json's imports do not name`);
  return file.replace(/^\./, '').replace(/\.js$/, '.ts');
});
const inContractChunk = (id: string) =>
  /node_modules[\\/]zod[\\/]/.test(id) ||
  [...firstPageContract, '/frontend/src/app/contract-schemas.ts'].some((module) => id.replaceAll('\\', '/').endsWith(module));

/**
 * Which of the SPA's modules are free of side effects. A feature's index.ts only names what the feature offers: marked
 * free of them, an import through it reaches just the modules it names, so a lazy page's import of a feature does not
 * pull that feature's other modules into the first page. The contract's modules are not: app/contract-schemas.ts
 * imports the first page's schemas just to evaluate them, although package.json's `sideEffects` marks them free for
 * the Lambdas' bundles (each leaves out the other contexts' schemas). Vite's resolver hands that field on, over
 * rolldown's treeshake.moduleSideEffects, so the rule is given per module here.
 */
const featureIndex = /features[\\/][^\\/]+[\\/]index\.ts$/;
function moduleSideEffects(): Plugin {
  return {
    name: 'module-side-effects',
    transform: {
      filter: { id: [featureIndex, /[\\/]functions[\\/]/] },
      handler: (code, id) => ({ code, map: null, moduleSideEffects: !featureIndex.test(id) }),
    },
  };
}

// `vite` (dev) forwards the API and media to the local cloud when TOKO_API_ORIGIN names it.
const apiOrigin = process.env.TOKO_API_ORIGIN;
const proxy: Record<string, ProxyOptions> | undefined = apiOrigin
  ? { '/api': { target: apiOrigin, changeOrigin: false }, '/media': { target: apiOrigin, changeOrigin: false } }
  : undefined;

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    brandPage(),
    preloadChunks(),
    moduleSideEffects(),
    webAppPlugin({ product: brand.product, labelName: brand.labelName, accentColor: brand.accentColor, backgroundColor: '#09090b' }),
    precompressPlugin(),
  ],
  build: {
    outDir: 'dist',
    // Every browser the app supports follows modulepreload links itself (Safari since 17, Firefox since 115); Vite's
    // polyfill for older ones cost the first page ~0.3 KB (gzip) of the budget for no one.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // Calls through zod's namespace (`z.string().check(…)`, `z.iso.date()`) only build schemas, so a schema nothing
        // reads is dropped: the contract modules' params, query and body schemas, which the SPA never uses (it imports
        // answer schemas only), stay out of the bundle. Zod marks its builders pure, but not the `.check()` chains.
        // The price: a bare `z.parse(…);` statement, kept only for its throw, would be dropped too; use its result.
        manualPureFunctions: ['z'],
      },
      output: {
        // Every module the first page runs statically goes in the entry chunk. Left to itself, Rolldown splits
        // the ones later pages share into a dozen small preloaded chunks; one file compresses about 6 KB
        // (gzip) better. The pages loaded later import what they share from the entry chunk.
        // The album page, where shared links land, comes as one chunk with what it needs beyond the entry, rather
        // than a dozen small ones (icons, library and cart reads) each asked for on its own.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // React, which main.tsx evaluates once the page is painted (app/react.ts).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|frontend[\\/]src[\\/]app[\\/]react\.ts$/ },
            {
              name: 'libraries',
              test: (id: string) => libraries.test(id) && !adminOnlyLibraries.test(id) && !prerenderedOnlyLibraries.test(id),
            },
            // The app, with the contract's modules it runs itself (the prices, the brand; plain code, no schemas), which
            // the contract's schemas import too: taken first, they stay out of the schemas' chunk, so the app does not import it.
            {
              name: 'app',
              test: /frontend[\\/]src[\\/]app[\\/]start\.tsx$|functions[\\/]commerce[\\/]contract[\\/]pricing\.ts$|events[\\/]brand\.ts$/,
            },
            // The first page's schemas and zod, which main.tsx loads beside the app (app/contract-schemas.ts).
            { name: 'contract', test: inContractChunk },
            { name: 'album-page', test: /frontend[\\/]src[\\/]app[\\/]routes[\\/]album-route/ },
          ],
        },
      },
    },
  },
  resolve: {
    // react-router 7 publishes its development build (ENABLE_DEV_WARNINGS = true) under every import condition; a
    // built app takes the production one, as React's own builds do.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ]
        : [],
  },
  server: { proxy },
  preview: { proxy },
}));
