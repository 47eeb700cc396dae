/** The pre-rendered pages (home, artists, albums): their paths, and where their HTML carries the data they were built from. */

/** The id of the `<script type="application/json">` holding the page's dehydrated query cache (data, never executed). */
export const PRERENDERED_STATE_ID = 'prerendered-state';

export type PrerenderedPage = { kind: 'home' } | { kind: 'album'; albumId: string } | { kind: 'artist'; artistId: string };

/** The pre-rendered page a path shows, or null for every other page of the SPA. */
export function prerenderedPageOf(pathname: string): PrerenderedPage | null {
  if (pathname === '/') return { kind: 'home' };
  const match = /^\/(album|artist)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  return match[1] === 'album' ? { kind: 'album', albumId: id } : { kind: 'artist', artistId: id };
}

/** The page's path on the site. */
export const pathOf = (page: PrerenderedPage): string =>
  page.kind === 'home'
    ? '/'
    : page.kind === 'album'
      ? `/album/${encodeURIComponent(page.albumId)}`
      : `/artist/${encodeURIComponent(page.artistId)}`;

/** Where the page's HTML is kept in the site bucket (the gateway and CloudFront map the path to it the same way). */
export const objectKeyOf = (page: PrerenderedPage): string =>
  page.kind === 'home'
    ? 'pages/index.html'
    : `pages/${page.kind}/${encodeURIComponent(page.kind === 'album' ? page.albumId : page.artistId)}.html`;
