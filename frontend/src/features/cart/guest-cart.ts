/**
 * The guest cart as kept in session storage under `guest_cart`: read leniently (older builds and other
 * writers stored other spellings), written in the cart item shape POST /api/cart/sync takes.
 * Pure: the storage itself is in guest-cart-store.ts.
 */
import { memberPriceOf, type CartAlbum } from './cart-album';

export const GUEST_CART_KEY = 'guest_cart';

/** A stored guest cart item, in the sync's field names (both spellings, as the server's cart answers). */
export interface GuestCartItem {
  id: string;
  type: 'album';
  albumId: string;
  albumTitle: string;
  title: string;
  artistName: string | null;
  albumArtwork: string | null;
  artwork: string | null;
  basePrice: number;
  price: number;
  subscriberPrice: number;
  userSelectedSubscriber: boolean;
}

/** A price as stored: numbers as they are, strings parsed, anything unreadable counts as 0; null when absent. */
export function readPrice(raw: unknown): number | null {
  if (raw === undefined || raw === null) return null;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseFloat(raw) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : 0;
}

const text = (raw: unknown): string | null => (typeof raw === 'string' && raw.trim() ? raw : null);
const id = (raw: unknown): string | null => (typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : text(raw));

/** One stored item as a cart album; null when it lacks an album id, a title or a price (it could not be bought). */
function readGuestItem(raw: unknown): CartAlbum | null {
  if (!raw || typeof raw !== 'object') return null;
  const item = raw as Record<string, unknown>;
  if (item.type !== undefined && item.type !== 'album') return null;
  const albumId = id(item.albumId);
  const title = text(item.albumTitle) ?? text(item.title);
  const basePrice = readPrice(item.basePrice) ?? readPrice(item.price) ?? readPrice(item.stripePriceDefault);
  if (!albumId || !title || basePrice === null) return null;
  const subscriberPrice = readPrice(item.subscriberPrice) ?? readPrice(item.stripePriceSubscriber);
  return {
    albumId,
    title,
    artistName: text(item.artistName),
    artwork: text(item.albumArtwork) ?? text(item.artwork),
    basePrice,
    subscriberPrice: memberPriceOf(basePrice, subscriberPrice),
  };
}

/** The stored text as cart albums, each album once; anything that is not a list reads as an empty cart. */
export function parseGuestCart(stored: string | null): CartAlbum[] {
  if (!stored) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const albums: CartAlbum[] = [];
  for (const entry of raw) {
    const album = readGuestItem(entry);
    if (album && !albums.some((known) => known.albumId === album.albumId)) albums.push(album);
  }
  return albums;
}

export function guestCartItem(album: CartAlbum): GuestCartItem {
  return {
    id: album.albumId,
    type: 'album',
    albumId: album.albumId,
    albumTitle: album.title,
    title: album.title,
    artistName: album.artistName,
    albumArtwork: album.artwork,
    artwork: album.artwork,
    basePrice: album.basePrice,
    price: album.basePrice,
    subscriberPrice: album.subscriberPrice,
    userSelectedSubscriber: false,
  };
}

export const serializeGuestCart = (albums: readonly CartAlbum[]): string => JSON.stringify(albums.map(guestCartItem));

/** The cart with the album added at the end, or null when it is already there. */
export function withAlbum(albums: readonly CartAlbum[], album: CartAlbum): CartAlbum[] | null {
  return albums.some((known) => known.albumId === album.albumId) ? null : [...albums, album];
}

export const withoutAlbum = (albums: readonly CartAlbum[], albumId: string): CartAlbum[] =>
  albums.filter((album) => album.albumId !== albumId);
