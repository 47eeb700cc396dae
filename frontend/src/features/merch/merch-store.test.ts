import { describe, expect, it } from 'vitest';
import { checkoutDestination, directCartUrl, MERCH_SHOP_ORIGIN, productPageUrl, SHOP_CART_URL, VINYL_STORE_URL } from './merch-store';

const lines = [
  { variantId: 'gid://toko/ProductVariant/102', quantity: 2 },
  { variantId: 'gid://shopify/ProductVariant/4455', quantity: 1 },
];

describe('links into the label shop', () => {
  it('tags View on Shop with the UTM source, medium, campaign and the product', () => {
    const url = new URL(productPageUrl('first-light-tee'));
    expect(url.origin + url.pathname).toBe(`${MERCH_SHOP_ORIGIN}/products/first-light-tee`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'toko',
      utm_medium: 'app',
      utm_campaign: 'merch_shop',
      utm_content: 'first-light-tee',
    });
  });

  it('points the promo banner at the vinyl store, tagged', () => {
    expect(new URL(VINYL_STORE_URL).searchParams.get('utm_source')).toBe('toko');
  });

  it('checks out at the created cart, else the shop cart page, else a direct cart link of variant ids and quantities', () => {
    expect(checkoutDestination({ ok: true, checkoutUrl: 'https://shop.toko.example/cart/102:2?cart=abc' }, lines)).toBe(
      'https://shop.toko.example/cart/102:2?cart=abc',
    );
    expect(checkoutDestination({ ok: true, checkoutUrl: null }, lines)).toBe(SHOP_CART_URL);
    expect(checkoutDestination({ ok: true, checkoutUrl: 'javascript:alert(1)' }, lines)).toBe(SHOP_CART_URL);
    expect(checkoutDestination({ ok: false }, lines)).toBe(`${MERCH_SHOP_ORIGIN}/cart/102:2,4455:1`);
    expect(directCartUrl([])).toBe(SHOP_CART_URL);
  });
});
