import { describe, expect, it } from 'vitest';
import type { ShopProduct } from '#contract/merch.js';
import {
  descriptionPreview,
  listProducts,
  MERCH_PAGE_SIZE,
  MERCH_SKELETON_COUNT,
  pageOfProducts,
  physicalEditions,
  priceRangeText,
  readShopQuery,
  shopQueryParams,
} from './product-listing';

const money = (amount: number) => ({ amount, currencyCode: 'USD' });
function product(handle: string, title: string, collection: string, prices: number[], createdAt: string, description = ''): ShopProduct {
  return {
    id: `gid://toko/Product/${handle}`,
    handle,
    title,
    description,
    images: [],
    variants: prices.map((price, at) => ({ id: `${handle}-${at}`, title: `Option ${at}`, available: true, price: money(price) })),
    availableForSale: true,
    priceRange: { minVariantPrice: money(Math.min(...prices)), maxVariantPrice: money(Math.max(...prices)) },
    collections: [{ handle: collection, title: collection === 'vinyl' ? 'Vinyl & Tapes' : 'Apparel' }],
    createdAt,
  };
}
const tee = product('tee', 'First Light Tee', 'apparel', [28], '2026-10-16', 'Heavyweight cotton tee');
const hoodie = product('hoodie', 'Low Tides Hoodie', 'apparel', [55], '2026-06-05', 'Navy hoodie with an embroidered wave');
const lp = product('lp', 'First Light (LP)', 'vinyl', [32, 38], '2026-10-16', '180 g vinyl');
const tape = product('tape', 'Harbour Lights (Cassette)', 'vinyl', [12], '2025-01-01');
const shop = [hoodie, tee, lp, tape];
const handles = (list: ShopProduct[]) => list.map((p) => p.handle);
const all = { search: '', collection: '', sort: 'featured' } as const;

describe('shop listing', () => {
  it('keeps the shop order for Featured, and sorts Newest, Price low and Price high by the lowest price', () => {
    expect(handles(listProducts(shop, all))).toEqual(['hoodie', 'tee', 'lp', 'tape']);
    expect(handles(listProducts(shop, { ...all, sort: 'newest' }))).toEqual(['tee', 'lp', 'hoodie', 'tape']);
    expect(handles(listProducts(shop, { ...all, sort: 'price-low' }))).toEqual(['tape', 'tee', 'lp', 'hoodie']);
    expect(handles(listProducts(shop, { ...all, sort: 'price-high' }))).toEqual(['hoodie', 'lp', 'tee', 'tape']);
    expect(handles(shop)).toEqual(['hoodie', 'tee', 'lp', 'tape']);
  });

  it('searches titles, descriptions and collections, every word, ignoring case and accents', () => {
    expect(handles(listProducts(shop, { ...all, search: 'first light' }))).toEqual(['tee', 'lp']);
    expect(handles(listProducts(shop, { ...all, search: 'NAVY' }))).toEqual(['hoodie']);
    expect(handles(listProducts(shop, { ...all, search: 'tapes' }))).toEqual(['lp', 'tape']);
    expect(handles(listProducts(shop, { ...all, search: 'fírst   tee ' }))).toEqual(['tee']);
    expect(listProducts(shop, { ...all, search: 'poster' })).toEqual([]);
  });

  it('filters by collection, together with the search', () => {
    expect(handles(listProducts(shop, { ...all, collection: 'vinyl' }))).toEqual(['lp', 'tape']);
    expect(handles(listProducts(shop, { ...all, collection: 'vinyl', search: 'first' }))).toEqual(['lp']);
  });

  it('shows 20 to a page, 12 skeletons while loading, and a page past the end shows the last', () => {
    expect(MERCH_PAGE_SIZE).toBe(20);
    expect(MERCH_SKELETON_COUNT).toBe(12);
    const many = Array.from({ length: 45 }, (_, at) => product(`p${at}`, `P${at}`, 'apparel', [10], '2025-01-01'));
    expect(pageOfProducts(many, 1).products.map((p) => p.handle)).toEqual(many.slice(0, 20).map((p) => p.handle));
    expect(pageOfProducts(many, 3)).toMatchObject({ page: 3, pageCount: 3 });
    expect(pageOfProducts(many, 3).products).toHaveLength(5);
    expect(pageOfProducts(many, 9).page).toBe(3);
    expect(pageOfProducts([], 1)).toEqual({ products: [], page: 1, pageCount: 1 });
  });

  it('keeps the choice in the URL, leaving defaults out and ignoring what it does not know', () => {
    const choice = { search: 'tee', collection: 'apparel', sort: 'price-low', page: 2 } as const;
    expect(shopQueryParams(choice).toString()).toBe('q=tee&collection=apparel&sort=price-low&page=2');
    expect(readShopQuery(shopQueryParams(choice))).toEqual(choice);
    expect(shopQueryParams({ ...all, page: 1 }).toString()).toBe('');
    expect(readShopQuery(new URLSearchParams('sort=cheapest&page=-3'))).toEqual({ ...all, page: 1 });
  });

  it('shows one price, or the range of the options', () => {
    expect(priceRangeText(tee)).toBe('$28.00');
    expect(priceRangeText(lp)).toBe('$32.00 – $38.00');
  });

  it('previews a description in at most 200 characters, cut at a word', () => {
    expect(descriptionPreview('Short and sweet.')).toEqual({ text: 'Short and sweet.', truncated: false });
    const long = `${'Heavyweight cotton tee with artwork. '.repeat(8)}`;
    const preview = descriptionPreview(long);
    expect(preview.truncated).toBe(true);
    expect(preview.text.length).toBeLessThanOrEqual(201);
    expect(preview.text.endsWith('…')).toBe(true);
    expect(long.startsWith(preview.text.slice(0, -1))).toBe(true);
    expect(preview.text.slice(0, -1).endsWith(' ')).toBe(false);
  });
});

describe('physicalEditions', () => {
  const lp = product('paper-satellites-vinyl', 'Paper Satellites (LP)', 'vinyl', [28], '2026-01-01');
  const single = product('copper-7inch', 'Copper & Salt (7")', 'vinyl', [12], '2026-01-01');
  const tote = product('paper-tote', 'Paper Satellites Tote', 'accessories', [18], '2026-01-01');

  it('finds the products named after the album with their format, whatever the case', () => {
    expect(physicalEditions([lp, single, tote], 'paper satellites').map((p) => p.handle)).toEqual(['paper-satellites-vinyl']);
    expect(physicalEditions([lp, single, tote], 'Copper & Salt').map((p) => p.handle)).toEqual(['copper-7inch']);
  });

  it('finds nothing for an album the storefront does not press, or a blank title', () => {
    expect(physicalEditions([lp, single, tote], 'After Hours')).toEqual([]);
    expect(physicalEditions([lp], '  ')).toEqual([]);
  });
});
