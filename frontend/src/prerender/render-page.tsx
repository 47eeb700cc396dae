/**
 * The server side of the pre-rendered pages (home, artist, album): builds the page the SPA would show a guest, from
 * the same components inside the same shell, with `react-dom/static`'s prerender, and writes it into the SPA's
 * index.html with its share and search tags and the query cache it was built from (app/start.tsx hydrates it).
 * Bundled on its own for the pre-render consumer (frontend/build/page-renderer.ts); it knows no AWS: the consumer
 * hands it the catalogue's answers.
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import {
  album as albumSchema,
  albumList,
  albumTracks,
  artist as artistSchema,
  featuredAlbumAnswer,
  listArtistsAnswer,
} from '#contract/catalogue.js';
import type { Album } from '#contract/catalogue.js';
import { AppRoot } from '../app/app-root';
import { createQueryClient } from '../app/query-client';
import { AlbumRoute } from '../app/routes/album-route';
import { ArtistRoute } from '../app/routes/artist-route';
import { HomeRoute } from '../app/routes/home-route';
import { RouteError } from '../app/routes/route-error';
import { albumKeys } from '../features/albums/api/album-keys';
import { inAlbumOrder } from '../features/albums/api/get-album-tracks';
import { byReleaseDateDescending } from '../features/albums/api/get-albums';
import { artistKeys } from '../features/artists/api/artist-keys';
import { sessionKeys } from '../lib/session';
import { PageRoot } from './page-root';
import { headHtml, pageTags, scriptJson, type PageFacts } from './page-tags';
import { APP_MODULES_META, pageStarterScript } from './page-starter';
import { PRERENDERED_STATE_ID, pathOf, type PrerenderedPage } from './pages';

export { objectKeyOf, pathOf } from './pages';

/** One catalogue read as a guest makes it: its route key and path parameters; its answer, or null for a 404. */
type CatalogueRead = (route: string, params: Record<string, string>) => Promise<unknown>;

interface RenderInput {
  page: PrerenderedPage;
  /** The SPA's built index.html. */
  template: string;
  /** The site's origin, for canonical URLs and share tags. */
  origin: string;
  read: CatalogueRead;
  /** The 1200×630 share picture of an artwork, when one was made. */
  shareImage: (artwork: string) => Promise<string | null>;
}

interface RenderedPage {
  html: string;
  /** The albums the page shows (the home page's featured one, an artist's discography), for re-rendering it when one changes. */
  albumIds: string[];
}

/** The same tree the SPA's router builds for these paths (app/router.tsx), so the markup and its ids match on hydration. */
const routes: RouteObject[] = [
  {
    Component: AppRoot,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomeRoute },
      { path: 'album/:id', Component: AlbumRoute },
      { path: 'artist/:id', Component: ArtistRoute },
    ],
  },
];

/** Reads the page's data into a fresh cache; null when the page's subject does not exist. */
async function pageFacts(page: PrerenderedPage, read: CatalogueRead, cache: QueryClient): Promise<PageFacts | null> {
  switch (page.kind) {
    case 'home': {
      const [featured, artists] = await Promise.all([read('GET /api/featured-album', {}), read('GET /api/artists', {})]);
      const answer = featuredAlbumAnswer.parse(featured ?? { album: null, chosen: false });
      cache.setQueryData(albumKeys.featured(), answer);
      cache.setQueryData(artistKeys.list(), listArtistsAnswer.parse(artists ?? []));
      return { kind: 'home', featured: answer.album };
    }
    case 'album': {
      const params = { id: page.albumId };
      const [album, tracks] = await Promise.all([read('GET /api/albums/{id}', params), read('GET /api/albums/{id}/tracks', params)]);
      if (album === null || tracks === null) return null;
      const facts = { kind: 'album', album: albumSchema.parse(album), tracks: inAlbumOrder(albumTracks.parse(tracks)) } as const;
      cache.setQueryData(albumKeys.detail(page.albumId), facts.album);
      cache.setQueryData(albumKeys.tracks(page.albumId), facts.tracks);
      return facts;
    }
    case 'artist': {
      const params = { id: page.artistId };
      const [artist, albums] = await Promise.all([read('GET /api/artists/{id}', params), read('GET /api/albums/by-artist/{id}', params)]);
      if (artist === null) return null;
      const facts = {
        kind: 'artist',
        artist: artistSchema.parse(artist),
        albums: byReleaseDateDescending(albumList.parse(albums ?? [])),
      } as const;
      cache.setQueryData(artistKeys.detail(page.artistId), facts.artist);
      cache.setQueryData(albumKeys.byArtist(page.artistId), facts.albums);
      return facts;
    }
  }
}

const shownAlbums = (facts: PageFacts): Album[] =>
  facts.kind === 'home' ? (facts.featured ? [facts.featured] : []) : facts.kind === 'album' ? [facts.album] : facts.albums;

const artworkOf = (facts: PageFacts): string | null =>
  facts.kind === 'artist' ? (facts.artist.avatar ?? facts.albums[0]?.artwork ?? null) : (shownAlbums(facts)[0]?.artwork ?? null);

/** The page's body markup: the app as a guest sees it at `path`. */
async function appMarkup(path: string, origin: string, cache: QueryClient): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, origin)));
  if (context instanceof Response) throw new Error(`pre-render: ${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <PageRoot queryClient={cache}>
      {/* No inline hydration script (the CSP allows none): the SPA's router loads the page itself. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </PageRoot>,
  );
  return new Response(prelude).text();
}

/** The page, or null when its subject (an album, an artist) does not exist. */
export async function renderPage({ page, template, origin, read, shareImage }: RenderInput): Promise<RenderedPage | null> {
  const cache = createQueryClient();
  const facts = await pageFacts(page, read, cache);
  if (!facts) return null;
  // A guest's view: the session is known to be none, and stale so that the SPA asks who is listening once it runs.
  cache.setQueryData(sessionKeys.me(), null, { updatedAt: 0 });
  const markup = await appMarkup(pathOf(page), origin, cache);
  const artwork = artworkOf(facts);
  const tags = pageTags(facts, origin, artwork ? await shareImage(artwork) : null);
  return {
    html: pageHtml(template, headHtml(tags), markup, dehydrate(cache), page.kind),
    albumIds: shownAlbums(facts).map((a) => a.id),
  };
}

/** The chunk-naming meta tags of index.html (vite.config.ts writes their names): the ones a page of each kind hydrates with. */
const pageChunks: Record<PrerenderedPage['kind'], string[]> = {
  home: ['hydration-chunk'],
  album: ['hydration-chunk', 'album-page-chunk'],
  artist: ['hydration-chunk', 'artist-page-chunk'],
};

/**
 * index.html with the page in it: its tags for the SPA's generic title and description, its markup for the static
 * shell, its data as JSON (not a script: the CSP runs none inline but the hashed ones). The inline early fetches go:
 * the data is here. So does every script and module preload of the head: fetched before the first paint, the app's
 * code competes with the page's stylesheet and images for the network, and the page is whole without it. Instead a
 * meta tag names the app's modules (the entry, the ones index.html preloads, the hydration code and the page's chunk)
 * and the starter script at the end of the body loads them once the page is shown (page-starter.ts).
 */
export function pageHtml(template: string, head: string, markup: string, state: unknown, kind: PrerenderedPage['kind']): string {
  const root = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/;
  const title = /<title>[\s\S]*?<\/title>/;
  const description = /<meta name="description"[^>]*>/;
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const bodyEnd = /<\/body>/;
  for (const part of [root, title, description, entry, bodyEnd])
    if (!part.test(template)) throw new Error(`pre-render: index.html has no ${String(part)}`);
  const chunkMeta = /<meta name="([a-z-]+-chunk)" content="([^"]*)"\s*\/?>\s*/g;
  const modulePreload = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g;
  const chunks = new Map([...template.matchAll(chunkMeta)].map(([, name, href]) => [name, href]));
  const modules = [
    entry.exec(template)![1],
    ...[...template.matchAll(modulePreload)].map(([, href]) => href),
    ...pageChunks[kind].map((name) => chunks.get(name) ?? ''),
  ].filter((href) => href !== '');
  // React writes its preloads (the page's largest image: its artwork) before the markup; in the head the browser asks
  // for them before it reads the body. Hydration never looks at them.
  const preloads = /^(?:<link rel="preload"[^>]*>)*/.exec(markup)![0];
  const body = markup.slice(preloads.length);
  return template
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(description, '')
    .replace(title, () => (preloads ? `${head}\n    ${preloads}` : head))
    .replace(/<script>[\s\S]*?<\/script>\s*/, '')
    .replace(chunkMeta, '')
    .replace(modulePreload, '')
    .replace(entry, () => `<meta name="${APP_MODULES_META}" content="${modules.join(' ')}" />`)
    .replace(
      root,
      () =>
        `<div id="root">${body}</div>\n    <script type="application/json" id="${PRERENDERED_STATE_ID}">${scriptJson(state)}</script>\n    `,
    )
    .replace(bodyEnd, () => `  <script>${pageStarterScript}</script>\n  </body>`);
}
