/**
 * An album in the cart as the screens show it, whichever cart it came from (the server's or the guest's),
 * and the few album facts the cart needs from a page that offers the album.
 */
import { albumPrice } from '#contract/pricing.js';

export interface CartAlbum {
  albumId: string;
  title: string;
  artistName: string | null;
  artwork: string | null;
  /** The regular price in dollars. */
  basePrice: number;
  /** The Toko+ member price in dollars (the album's own, else 70 % of the regular price). */
  subscriberPrice: number;
}

/** What an album page knows of an album it offers for sale (the catalogue's album fits). */
export interface AlbumForSale {
  id: string;
  title: string;
  artwork?: string | null;
  artistName?: string | null;
  stripePriceDefault?: number | null;
  stripePriceSubscriber?: number | null;
  price?: number | null;
}

/** The member price of a regular price, by the server's rule (the album's own when given). */
export function memberPriceOf(basePrice: number, subscriberPrice: number | null): number {
  return albumPrice({ stripePriceDefault: basePrice, stripePriceSubscriber: subscriberPrice })?.subscriberPrice ?? basePrice;
}

/** The album as a cart line; null when it has no price (then it is not for sale). */
export function cartAlbumOf(album: AlbumForSale): CartAlbum | null {
  const basePrice = album.stripePriceDefault ?? album.price ?? null;
  if (basePrice === null) return null;
  return {
    albumId: album.id,
    title: album.title,
    artistName: album.artistName ?? null,
    artwork: album.artwork ?? null,
    basePrice,
    subscriberPrice: memberPriceOf(basePrice, album.stripePriceSubscriber ?? null),
  };
}
