/**
 * The album's embeddable player: its address (`/embed/album/{id}`, `?compact=1` for the short one), its heights (those
 * other sites' embedded players use) and the frame code another site pastes. Only /embed/* may be framed by other sites
 * (functions/platform/edge-headers.ts).
 */
import type { Album } from '#contract/catalogue.js';
import { albumArtistName } from './album-access';

/** Embedded music player heights, in px: the sizes other sites already leave room for. */
export const EMBED_HEIGHTS = { album: 432, albumCompact: 352, playlist: 432, track: 152, artist: 352, show: 232, episode: 232 } as const;

export const albumEmbedHeight = (compact: boolean): number => (compact ? EMBED_HEIGHTS.albumCompact : EMBED_HEIGHTS.album);

export const albumEmbedUrl = (origin: string, albumId: string, compact: boolean): string =>
  new URL(`/embed/album/${encodeURIComponent(albumId)}${compact ? '?compact=1' : ''}`, origin).href;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML another site pastes to show the album's player: full width, its fixed height, lazy, autoplay allowed. */
export function albumEmbedCode(origin: string, album: Pick<Album, 'id' | 'title' | 'artistName'>, compact: boolean): string {
  const title = `${album.title} by ${albumArtistName(album)}`;
  return (
    `<iframe src="${attribute(albumEmbedUrl(origin, album.id, compact))}" title="${attribute(title)}" ` +
    `width="100%" height="${albumEmbedHeight(compact)}" style="border:0;border-radius:12px" ` +
    `allow="autoplay; encrypted-media; fullscreen" loading="lazy"></iframe>`
  );
}
