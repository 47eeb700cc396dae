import { describe, expect, it } from 'vitest';
import type { CartAlbum } from './cart-album';
import { albumCountLabel, summarizeCart } from './cart-pricing';

const album = (albumId: string, basePrice: number, subscriberPrice: number): CartAlbum => ({
  albumId,
  title: albumId,
  artistName: null,
  artwork: null,
  basePrice,
  subscriberPrice,
});
const cart = [album('a', 9.99, 6.99), album('b', 9.99, 6.99)];

describe('what the cart charges', () => {
  it('charges a non-member the regular total and shows what members save', () => {
    const summary = summarizeCart(cart, { isSubscriber: false, includeSubscription: false });
    expect(summary).toMatchObject({ choice: 'default', albumCount: 2, total: 19.98, savings: 6, planAddOn: null });
    expect(summary.lines.map((line) => line.price)).toEqual([9.99, 9.99]);
  });

  it('charges a member the member total', () => {
    const summary = summarizeCart(cart, { isSubscriber: true, includeSubscription: false });
    expect(summary).toMatchObject({ choice: 'subscriber', total: 13.98, savings: 6 });
    expect(summary.lines[0]).toEqual({ albumId: 'a', price: 6.99, regularPrice: 9.99 });
  });

  it('adds the $5 plan to the member total when a non-member ticks Toko+', () => {
    expect(summarizeCart(cart, { isSubscriber: false, includeSubscription: true })).toMatchObject({
      choice: 'subscriber_with_plan',
      total: 18.98,
      planAddOn: 5,
    });
  });

  it('never adds the plan for a member', () => {
    expect(summarizeCart(cart, { isSubscriber: true, includeSubscription: true })).toMatchObject({ total: 13.98, planAddOn: null });
  });

  it('shows savings only above 0, and an empty cart costs nothing', () => {
    expect(summarizeCart([album('c', 5, 5)], { isSubscriber: true, includeSubscription: false }).savings).toBeNull();
    expect(summarizeCart([], { isSubscriber: false, includeSubscription: false })).toMatchObject({
      total: 0,
      savings: null,
      albumCount: 0,
    });
  });

  it('counts albums in words', () => {
    expect(albumCountLabel(1)).toBe('1 album');
    expect(albumCountLabel(3)).toBe('3 albums');
  });
});
