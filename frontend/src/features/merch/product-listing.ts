/**
 * What the shop grid shows: the products matching the search box and the collection filter, in the chosen
 * order, one page of 20 at a time. Pure; the page keeps the choice in its URL.
 */
import { formatMoney } from '../../lib/format';
import type { ShopProduct } from '#contract/merch.js';

export const MERCH_PAGE_SIZE = 20;
export const MERCH_SKELETON_COUNT = 12;
const DESCRIPTION_PREVIEW_CHARS = 200;

export const MERCH_SORTS = [
  { value: 'featured', label: 'Featured' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
] as const;
export type MerchSort = (typeof MERCH_SORTS)[number]['value'];

/** What the listener chose; `collection` '' is all collections, `page` counts from 1. */
export interface ShopQuery {
  search: string;
  collection: string;
  sort: MerchSort;
  page: number;
}

const isSort = (value: string | null): value is MerchSort => MERCH_SORTS.some((sort) => sort.value === value);

/** The choice as the page's URL holds it (?q=&collection=&sort=&page=); anything unknown falls back to the default. */
export function readShopQuery(params: URLSearchParams): ShopQuery {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    collection: params.get('collection') ?? '',
    sort: isSort(sort) ? sort : 'featured',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's query for a choice, leaving out what is at its default. */
export function shopQueryParams(query: ShopQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search.trim()) params.set('q', query.search);
  if (query.collection) params.set('collection', query.collection);
  if (query.sort !== 'featured') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

const folded = (text: string) =>
  text
    .toLocaleLowerCase('en')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** Every word of the search appears in the title, the description, a collection or an option of the product. */
function matchesSearch(product: ShopProduct, search: string): boolean {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = folded(
    [product.title, product.description, ...product.collections.map((c) => c.title), ...product.variants.map((v) => v.title)].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

const lowestPrice = (product: ShopProduct) => product.priceRange.minVariantPrice.amount;
const addedAt = (product: ShopProduct) => product.createdAt ?? '';

/** The products to show, in order; equal keys keep the shop's own (featured) order. */
export function listProducts(products: readonly ShopProduct[], query: Pick<ShopQuery, 'search' | 'collection' | 'sort'>): ShopProduct[] {
  const matching = products.filter(
    (product) =>
      (!query.collection || product.collections.some((c) => c.handle === query.collection)) && matchesSearch(product, query.search),
  );
  switch (query.sort) {
    case 'featured':
      return matching;
    case 'newest':
      return matching.sort((a, b) => (addedAt(a) < addedAt(b) ? 1 : addedAt(a) > addedAt(b) ? -1 : 0));
    case 'price-low':
      return matching.sort((a, b) => lowestPrice(a) - lowestPrice(b));
    case 'price-high':
      return matching.sort((a, b) => lowestPrice(b) - lowestPrice(a));
    default: {
      const unknown: never = query.sort;
      throw new Error(`Unknown sort ${String(unknown)}`);
    }
  }
}

interface ProductPage {
  products: ShopProduct[];
  /** The page shown, within 1…pageCount. */
  page: number;
  pageCount: number;
}

/** One page of the list; a page past the end shows the last one. */
export function pageOfProducts(products: readonly ShopProduct[], page: number, size: number = MERCH_PAGE_SIZE): ProductPage {
  const pageCount = Math.max(1, Math.ceil(products.length / size));
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
  return { products: products.slice((shown - 1) * size, shown * size), page: shown, pageCount };
}

/** "$28.00", or "$32.00 – $38.00" when the options cost different amounts. */
export function priceRangeText(product: ShopProduct): string {
  const { minVariantPrice: min, maxVariantPrice: max } = product.priceRange;
  return min.amount === max.amount ? formatMoney(min.amount) : `${formatMoney(min.amount)} – ${formatMoney(max.amount)}`;
}

/** The first 200 characters of a description, cut at a word, and whether there is more to read. */
export function descriptionPreview(description: string, limit: number = DESCRIPTION_PREVIEW_CHARS): { text: string; truncated: boolean } {
  const text = description.trim();
  if (text.length <= limit) return { text, truncated: false };
  const cut = text.slice(0, limit);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut;
  return { text: `${atWord.replace(/[\s.,;:!?-]+$/, '')}…`, truncated: true };
}

/**
 * The storefront's physical editions of an album: its products named after the album with the format after it,
 * as the label names them ("Paper Satellites (LP)", "Copper & Salt (7\")").
 */
export function physicalEditions(products: readonly ShopProduct[], albumTitle: string): ShopProduct[] {
  const title = folded(albumTitle.trim());
  if (!title) return [];
  return products.filter((product) => folded(product.title).startsWith(`${title} (`));
}
