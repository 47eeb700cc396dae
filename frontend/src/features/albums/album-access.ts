/** What a listener may do with an album, read from what the server answered (it decides access). */
import type { Platform } from '../../ui/platform-icon';
import type { Album, AlbumTrack } from '../../../../functions/contract/catalogue';

export const DEFAULT_ALBUM_DESCRIPTION = 'Discover this captivating musical journey.';
export const DEFAULT_ALBUM_TYPE = 'Album';

export const albumArtistName = (album: Pick<Album, 'artistName'>): string => album.artistName || 'Various Artists';

/** A track plays only with access, on an album whose rights are held here, and when it has audio. */
export const isTrackPlayable = (album: Pick<Album, 'isDummyAlbum'>, hasAccess: boolean, track: Pick<AlbumTrack, 'audioUrl'>): boolean =>
  hasAccess && !album.isDummyAlbum && Boolean(track.audioUrl);

export const isPlusExclusive = (album: Pick<Album, 'requiredTier' | 'isExclusive'>, plusTier: string): boolean =>
  album.requiredTier === plusTier && album.isExclusive;

/** The external places an album can be heard (for a dummy album, the only ones), as platform, name and address. */
export function externalListenLinks(album: Album): Array<{ platform: Platform; name: string; url: string }> {
  const links: Array<[Platform, string, string | null | undefined]> = [
    ['listen', 'Listen', album.externalListenUrl],
    ['spotify', 'Spotify', album.spotifyUrl],
    ['appleMusic', 'Apple Music', album.appleMusicUrl],
    ['youtube', 'YouTube', album.youtubeUrl],
    ['amazonMusic', 'Amazon Music', album.amazonMusicUrl],
    ['deezer', 'Deezer', album.deezerUrl],
  ];
  return links.flatMap(([platform, name, url]) => (url ? [{ platform, name, url }] : []));
}

/** Why this listener cannot play the album, or null when they can (the server's `hasAccess` decides access). */
export type PlayBlock = 'dummy' | 'subscription' | 'purchase';

export function playBlock(album: Pick<Album, 'isDummyAlbum' | 'requiredTier'>, hasAccess: boolean, plusTier: string): PlayBlock | null {
  if (album.isDummyAlbum) return 'dummy';
  if (hasAccess) return null;
  return album.requiredTier === plusTier ? 'subscription' : 'purchase';
}

/** Without a subscriber price, members pay 70% of the default price (ARCHITECTURE.md). */
export const MEMBER_PRICE_SHARE = 0.7;

/** The album's price (the server's display price when it has none), and the member price when members pay less. */
export function albumPrices(album: Pick<Album, 'stripePriceDefault' | 'stripePriceSubscriber' | 'price'>): {
  regular: number;
  member: number | null;
} {
  const regular = album.price;
  const member =
    album.stripePriceSubscriber ??
    (album.stripePriceDefault !== null ? Math.round(album.stripePriceDefault * MEMBER_PRICE_SHARE * 100) / 100 : null);
  return { regular, member: member !== null && member < regular ? member : null };
}
