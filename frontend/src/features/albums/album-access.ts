/** What a listener may do with an album, read from what the server answered (it decides access). */
import type { Platform } from '../../ui/platform-icon';
import type { Album, AlbumTrack } from '#contract/catalogue.js';
import { albumPrice } from '#contract/pricing.js';

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

/**
 * The album's price (the server's display price when it has none), and the member price when members pay less, by the
 * server's own rule (functions/commerce/contract/pricing.ts, shared rather than copied).
 */
export function albumPrices(album: Pick<Album, 'stripePriceDefault' | 'stripePriceSubscriber' | 'price'>): {
  regular: number;
  member: number | null;
} {
  const prices = albumPrice(album);
  const regular = prices?.basePrice ?? album.price;
  return { regular, member: prices && prices.subscriberPrice < regular ? prices.subscriberPrice : null };
}

/** What the Buy button charges this listener: a Toko+ member pays the member price, anyone else the regular one. */
export function buyPrice(album: Pick<Album, 'stripePriceDefault' | 'stripePriceSubscriber' | 'price'>, isSubscriber: boolean): number {
  const { regular, member } = albumPrices(album);
  return isSubscriber && member !== null ? member : regular;
}
