import { describe, expect, it } from 'vitest';
import { cartAlbumOf } from './cart-album';
import { guestCartItem, parseGuestCart, readPrice, serializeGuestCart, withAlbum, withoutAlbum } from './guest-cart';

const paper = {
  albumId: 'album-paper',
  title: 'Paper Satellites',
  artistName: 'Nova',
  artwork: '/a.jpg',
  basePrice: 9.99,
  subscriberPrice: 6.99,
};

describe('reading the guest cart from session storage', () => {
  it('reads nothing, broken JSON and non-lists as an empty cart', () => {
    expect(parseGuestCart(null)).toEqual([]);
    expect(parseGuestCart('')).toEqual([]);
    expect(parseGuestCart('{not json')).toEqual([]);
    expect(parseGuestCart('{"albumId":"x"}')).toEqual([]);
  });

  it('drops items without an album id, a title or a price', () => {
    const stored = JSON.stringify([
      { albumTitle: 'No id', price: 9.99 },
      { albumId: 'album-untitled', price: 9.99 },
      { albumId: 'album-unpriced', albumTitle: 'No price' },
      { albumId: 'album-kept', albumTitle: 'Kept', price: 9.99 },
      'a string',
      null,
    ]);
    expect(parseGuestCart(stored).map((album) => album.albumId)).toEqual(['album-kept']);
  });

  it('parses string prices and counts unreadable ones as 0', () => {
    const stored = JSON.stringify([
      { albumId: 1, albumTitle: 'Numeric id', price: '9.99' },
      { albumId: 'album-bad', title: 'Bad price', basePrice: 'abc' },
    ]);
    const [numeric, bad] = parseGuestCart(stored);
    expect(numeric).toMatchObject({ albumId: '1', basePrice: 9.99, subscriberPrice: 6.99 });
    expect(bad).toMatchObject({ albumId: 'album-bad', title: 'Bad price', basePrice: 0, subscriberPrice: 0 });
    expect(readPrice('12.5')).toBe(12.5);
    expect(readPrice(-3)).toBe(0);
    expect(readPrice(undefined)).toBeNull();
  });

  it('reads both spellings, keeps the member price given, else 70 % of the regular price', () => {
    const stored = JSON.stringify([
      { albumId: 'a', title: 'A', artwork: '/a.jpg', basePrice: 9.99, subscriberPrice: '5.49' },
      { albumId: 'b', albumTitle: 'B', albumArtwork: '/b.jpg', stripePriceDefault: 10 },
    ]);
    expect(parseGuestCart(stored)).toEqual([
      { albumId: 'a', title: 'A', artistName: null, artwork: '/a.jpg', basePrice: 9.99, subscriberPrice: 5.49 },
      { albumId: 'b', title: 'B', artistName: null, artwork: '/b.jpg', basePrice: 10, subscriberPrice: 7 },
    ]);
  });

  it('keeps each album once and leaves out subscription lines', () => {
    const stored = JSON.stringify([
      { albumId: 'a', albumTitle: 'A', price: 9.99 },
      { albumId: 'a', albumTitle: 'A again', price: 9.99 },
      { type: 'subscription', albumId: 'plan', title: 'Toko+', price: 5 },
    ]);
    expect(parseGuestCart(stored).map((album) => album.title)).toEqual(['A']);
  });

  it('writes what it reads back, in the item shape the sync takes', () => {
    const stored = serializeGuestCart([paper]);
    expect(parseGuestCart(stored)).toEqual([paper]);
    expect(guestCartItem(paper)).toMatchObject({
      id: 'album-paper',
      type: 'album',
      albumId: 'album-paper',
      albumTitle: 'Paper Satellites',
      price: 9.99,
      subscriberPrice: 6.99,
    });
  });
});

describe('changing the guest cart', () => {
  it('adds an album once, and removes it', () => {
    const one = withAlbum([], paper)!;
    expect(one).toEqual([paper]);
    expect(withAlbum(one, paper)).toBeNull();
    expect(withoutAlbum(one, 'album-paper')).toEqual([]);
  });

  it('takes an album page album with its prices, and refuses one without a price', () => {
    expect(cartAlbumOf({ id: 'x', title: 'X', stripePriceDefault: 9.99, stripePriceSubscriber: null })).toMatchObject({
      basePrice: 9.99,
      subscriberPrice: 6.99,
    });
    expect(cartAlbumOf({ id: 'x', title: 'X', stripePriceDefault: 9.99, stripePriceSubscriber: 5 })).toMatchObject({ subscriberPrice: 5 });
    expect(cartAlbumOf({ id: 'x', title: 'X', stripePriceDefault: null, price: null })).toBeNull();
  });
});
