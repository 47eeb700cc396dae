/**
 * The share and search tags of a pre-rendered page: title, description, canonical URL, Open Graph and Twitter card
 * tags, and its JSON-LD (schema.org MusicAlbum or MusicGroup), from the same answers the page is built from.
 */
import type { Album, AlbumTracks, Artist } from '#contract/catalogue.js';
import { escapeHtml } from '#contract/html.js';
import { brand } from '../lib/brand';

export type PageFacts =
  | { kind: 'home'; featured: Album | null }
  | { kind: 'album'; album: Album; tracks: AlbumTracks }
  | { kind: 'artist'; artist: Artist; albums: Album[] };

interface PageTags {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  /** Absolute, or null for a page without a picture. */
  image: string | null;
  /** Whether the picture is the 1200×630 share picture (else the square artwork). */
  wideImage: boolean;
  ogType: string;
  jsonLd: Record<string, unknown>;
}

const absolute = (origin: string, path: string) => new URL(path, origin).href;
const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text);
/** ISO 8601 duration of a number of seconds, as schema.org wants it. */
const isoDuration = (seconds: number) => `PT${Math.floor(seconds / 60)}M${Math.round(seconds % 60)}S`;

/** `shareImage`: the page's 1200×630 share picture, when its artwork has one; else the artwork is the picture. */
export function pageTags(facts: PageFacts, origin: string, shareImage: string | null = null): PageTags {
  const picture = (artwork: string | null) => {
    const image = shareImage ?? artwork;
    return { image: image ? absolute(origin, image) : null, wideImage: Boolean(shareImage) };
  };
  switch (facts.kind) {
    case 'home': {
      const description = `${brand.product} by ${brand.labelName}: artist-driven music to stream, collect and support.`;
      const artwork = facts.featured?.artwork ?? null;
      return {
        title: brand.product,
        description,
        canonical: absolute(origin, '/'),
        ...picture(artwork),
        ogType: 'website',
        jsonLd: { '@context': 'https://schema.org', '@type': 'WebSite', name: brand.product, url: absolute(origin, '/'), description },
      };
    }
    case 'album': {
      const { album, tracks } = facts;
      const url = absolute(origin, `/album/${encodeURIComponent(album.id)}`);
      const artistName = album.artistName || 'Various Artists';
      const description = clip(
        album.description || `${album.title}, ${album.albumType.toLowerCase()} by ${artistName} on ${brand.labelName}.`,
        200,
      );
      return {
        title: `${album.title} by ${artistName} · ${brand.product}`,
        description,
        canonical: url,
        ...picture(album.artwork),
        ogType: 'music.album',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'MusicAlbum',
          '@id': url,
          name: album.title,
          url,
          description,
          datePublished: album.releaseDate,
          ...(album.artwork ? { image: absolute(origin, album.artwork) } : {}),
          numTracks: tracks.tracks.length,
          byArtist: { '@type': 'MusicGroup', name: artistName, url: absolute(origin, `/artist/${encodeURIComponent(album.artistId)}`) },
          recordLabel: { '@type': 'Organization', name: brand.labelName },
          track: tracks.tracks.map((track) => ({
            '@type': 'MusicRecording',
            name: track.title,
            position: track.trackNumber,
            duration: isoDuration(track.duration),
          })),
        },
      };
    }
    case 'artist': {
      const { artist, albums } = facts;
      const url = absolute(origin, `/artist/${encodeURIComponent(artist.id)}`);
      const description = clip(artist.bio || `${artist.name} on ${brand.labelName}: albums, singles and exclusive releases.`, 200);
      return {
        title: `${artist.name} · ${brand.product}`,
        description,
        canonical: url,
        ...picture(artist.avatar ?? albums[0]?.artwork ?? null),
        ogType: 'profile',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'MusicGroup',
          '@id': url,
          name: artist.name,
          url,
          description,
          ...(artist.avatar ? { image: absolute(origin, artist.avatar) } : {}),
          album: albums.map((album) => ({
            '@type': 'MusicAlbum',
            name: album.title,
            url: absolute(origin, `/album/${encodeURIComponent(album.id)}`),
            datePublished: album.releaseDate,
          })),
        },
      };
    }
  }
}

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators that end a string in old parsers. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The tags as HTML for the page's `<head>`. */
export function headHtml(tags: PageTags): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    meta('property', 'og:type', tags.ogType),
    meta('property', 'og:site_name', brand.product),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.canonical),
    ...(tags.image ? [meta('property', 'og:image', tags.image)] : []),
    ...(tags.wideImage ? [meta('property', 'og:image:width', '1200'), meta('property', 'og:image:height', '630')] : []),
    meta('name', 'twitter:card', tags.wideImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    ...(tags.image ? [meta('name', 'twitter:image', tags.image)] : []),
    `<script type="application/ld+json">${scriptJson(tags.jsonLd)}</script>`,
  ].join('\n    ');
}
