import { describe, expect, it } from 'vitest';
import {
  addMerchItem,
  checkoutLines,
  MAX_MERCH_QUANTITY,
  MERCH_CART_KEY,
  merchItemCount,
  merchSubtotal,
  merchTotals,
  readMerchCart,
  removeMerchItem,
  setMerchQuantity,
  shownVariant,
  stockNotice,
  withoutOrdered,
  withStockAdjustments,
  writeMerchCart,
  type MerchCartItem,
} from './merch-cart';

const tee = (qty = 1, variantId = 'gid://toko/ProductVariant/102', variant = 'M'): MerchCartItem => ({
  shopifyVariantId: variantId,
  productHandle: 'first-light-tee',
  title: 'First Light Tee',
  variant,
  image: '/media/images/artwork/album-first-light.png',
  price: 28,
  currencyCode: 'USD',
  qty,
});
const tote = (qty = 1): MerchCartItem => ({
  ...tee(qty, 'gid://toko/ProductVariant/901', 'Default Title'),
  productHandle: 'label-tote',
  title: 'Label Tote Bag',
  price: 18.99,
});

describe('merch bag', () => {
  it('is stored under toko_merch_cart', () => {
    expect(MERCH_CART_KEY).toBe('toko_merch_cart');
  });

  it('merges the quantity when the same variant is added again, and keeps other variants as their own lines', () => {
    const once = addMerchItem([], tee(1));
    const twice = addMerchItem(once, tee(2));
    expect(twice).toEqual([tee(3)]);
    const large = addMerchItem(twice, tee(1, 'gid://toko/ProductVariant/103', 'L'));
    expect(large.map((line) => [line.variant, line.qty])).toEqual([
      ['M', 3],
      ['L', 1],
    ]);
  });

  it('never holds more of one variant than the shop takes in a cart', () => {
    expect(addMerchItem([tee(98)], tee(5))[0].qty).toBe(MAX_MERCH_QUANTITY);
    expect(setMerchQuantity([tee(1)], tee().shopifyVariantId, 500)[0].qty).toBe(MAX_MERCH_QUANTITY);
  });

  it('sets a quantity, and drops the line at 0 or below (the minus button at 1)', () => {
    const cart = [tee(2), tote(1)];
    expect(setMerchQuantity(cart, tee().shopifyVariantId, 4)).toEqual([tee(4), tote(1)]);
    expect(setMerchQuantity(cart, tee().shopifyVariantId, 0)).toEqual([tote(1)]);
    expect(setMerchQuantity(cart, tote().shopifyVariantId, -1)).toEqual([tee(2)]);
  });

  it('removes a line and leaves the rest', () => {
    expect(removeMerchItem([tee(2), tote(1)], tee().shopifyVariantId)).toEqual([tote(1)]);
  });

  it('counts pieces and estimates the subtotal to the cent', () => {
    const cart = [tee(2), tote(3)];
    expect(merchItemCount(cart)).toBe(5);
    expect(merchSubtotal(cart)).toBe(112.97);
    expect(merchSubtotal([])).toBe(0);
  });

  it('takes a member discount off the items, to the cent, and nothing without one', () => {
    const cart = [tee(2), tote(3)];
    expect(merchTotals(cart, 10)).toEqual({ items: 112.97, discount: 11.3, subtotal: 101.67 });
    expect(merchTotals(cart, null)).toEqual({ items: 112.97, discount: 0, subtotal: 112.97 });
    expect(merchTotals([], 10)).toEqual({ items: 0, discount: 0, subtotal: 0 });
  });

  it('reads back what it wrote, and drops what it cannot read instead of failing', () => {
    const cart = [tee(2), tote(1)];
    expect(readMerchCart(writeMerchCart(cart))).toEqual(cart);
    expect(readMerchCart(null)).toEqual([]);
    expect(readMerchCart('not json')).toEqual([]);
    expect(readMerchCart('{"qty":1}')).toEqual([]);
    expect(readMerchCart(JSON.stringify([tee(1), { title: 'broken' }, { ...tote(1), qty: 0 }, { ...tote(1), price: 'free' }]))).toEqual([
      tee(1),
    ]);
  });

  it('hides the "Default Title" of a product without options', () => {
    expect(shownVariant('Default Title')).toBeNull();
    expect(shownVariant(null)).toBeNull();
    expect(shownVariant('XL')).toBe('XL');
  });

  it('gives the create-cart call one line per variant', () => {
    expect(checkoutLines([tee(2), tote(1)])).toEqual([
      { variantId: 'gid://toko/ProductVariant/102', quantity: 2 },
      { variantId: 'gid://toko/ProductVariant/901', quantity: 1 },
    ]);
  });
});

describe('withoutOrdered', () => {
  it('takes the ordered quantities out of the bag and keeps what was added since', () => {
    const bag = [tee(3), tote(1)];
    expect(withoutOrdered(bag, [{ variantId: tee().shopifyVariantId, quantity: 2 }])).toEqual([tee(1), tote(1)]);
    expect(withoutOrdered(bag, checkoutLines(bag))).toEqual([]);
  });

  it('leaves a line the buyer already took out alone, and never goes below nothing', () => {
    expect(withoutOrdered([tote(1)], [{ variantId: tee().shopifyVariantId, quantity: 2 }])).toEqual([tote(1)]);
    expect(withoutOrdered([tee(1)], [{ variantId: tee().shopifyVariantId, quantity: 5 }])).toEqual([]);
  });
});

describe('the shop’s stock', () => {
  const short = { variantId: tee().shopifyVariantId, requested: 3, quantity: 2, reason: 'not_enough_stock' as const };
  const soldOut = { variantId: tote().shopifyVariantId, requested: 1, quantity: 0, reason: 'out_of_stock' as const };

  it('leaves the bag holding what the shop’s cart holds: a short line cut down, a sold-out one gone, others untouched', () => {
    expect(withStockAdjustments([tee(3), tote(1)], [short, soldOut])).toEqual([tee(2)]);
    expect(withStockAdjustments([tee(3), tote(1)], [short])).toEqual([tee(2), tote(1)]);
    expect(withStockAdjustments([tee(3)], [])).toEqual([tee(3)]);
  });

  it('tells the buyer which line changed and what the bag now holds, by the name the bag shows', () => {
    const bag = [tee(3), tote(1)];
    expect(stockNotice(bag, short)).toBe('Only 2 left of First Light Tee (M): your bag now holds 2.');
    expect(stockNotice(bag, soldOut)).toBe('Label Tote Bag is sold out: it was taken out of your bag.');
    expect(stockNotice([tee(3)], soldOut)).toBeNull();
  });
});
