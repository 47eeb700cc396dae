/**
 * What the Shopify sandbox's store sells: the label's merch (products in catalogue.json), in the shapes the
 * Storefront API answers. A product of an artist carries the tag `artist:<artistId>`, which credits its orders to them.
 */
import { ARTIST_TAG } from '../../../functions/merch/storefront.js';
import catalogueSources from './catalogue.json' with { type: 'json' };

export interface SandboxVariant {
  id: string;
  title: string;
  available: boolean;
  price: { amount: string; currencyCode: 'USD' };
}

export interface SandboxCollection {
  id: string;
  handle: string;
  title: string;
  description: string;
}

export interface SandboxProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  /** Paths of the app's own media (`/media/…`); the sandbox answers them as absolute URLs on the app's origin. */
  images: { url: string; altText: string | null }[];
  variants: SandboxVariant[];
  availableForSale: boolean;
  priceRange: { minVariantPrice: SandboxVariant['price']; maxVariantPrice: SandboxVariant['price'] };
  collections: { handle: string; title: string }[];
  tags: string[];
  /** When it went on sale (ISO). */
  createdAt: string;
}

export const sandboxCollections: SandboxCollection[] = [
  { id: 'gid://shopify/Collection/1', handle: 'apparel', title: 'Apparel', description: 'Shirts, hoodies and caps.' },
  { id: 'gid://shopify/Collection/2', handle: 'vinyl', title: 'Vinyl & Tapes', description: 'Records and cassettes from the label.' },
  { id: 'gid://shopify/Collection/3', handle: 'accessories', title: 'Accessories', description: 'Totes, pins, posters and more.' },
];

const usd = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: 'USD' as const });

interface Source {
  handle: string;
  title: string;
  description: string;
  collection: string;
  /** The artist whose merch it is; none for the label's own. */
  artist?: string;
  /** The day it went on sale. */
  createdAt: string;
  prices: number[];
  /** A media object of the label's own to show (the seeded artwork and artist images). */
  image: string;
  /** Variant titles; one "Default Title" when the product has no options. */
  options?: string[];
  soldOut?: string[];
  /** How many the store has of a variant, by title, where it runs short; others have plenty. */
  stock?: Record<string, number>;
}

const sources: Source[] = catalogueSources;

/** What the store has of a variant it does not count down: more than a cart takes of one variant. */
const PLENTY = 100;

export const sandboxProducts: SandboxProduct[] = sources.map((source, index) => {
  const collection = sandboxCollections.find((c) => c.handle === source.collection)!;
  const titles = source.options ?? ['Default Title'];
  const variants = titles.map((title, i) => ({
    id: `gid://shopify/ProductVariant/${index + 1}${String(i + 1).padStart(2, '0')}`,
    title,
    available: !source.soldOut?.includes(title),
    price: usd(source.prices[Math.min(i, source.prices.length - 1)]),
  }));
  const amounts = variants.map((v) => Number(v.price.amount));
  return {
    id: `gid://shopify/Product/${index + 1}`,
    handle: source.handle,
    title: source.title,
    description: source.description,
    images: [{ url: `/media/${source.image}`, altText: source.title }],
    variants,
    availableForSale: variants.some((v) => v.available),
    priceRange: { minVariantPrice: usd(Math.min(...amounts)), maxVariantPrice: usd(Math.max(...amounts)) },
    collections: [{ handle: collection.handle, title: collection.title }],
    tags: [collection.title, ...(source.artist ? [`${ARTIST_TAG}${source.artist}`] : [])],
    createdAt: `${source.createdAt}T12:00:00Z`,
  };
});

/** How many of each variant the store has in stock: none of a sold-out one. Orders do not count it down. */
export const sandboxStock = new Map<string, number>(
  sources.flatMap((source, index) =>
    sandboxProducts[index].variants.map((variant) => [
      variant.id,
      source.soldOut?.includes(variant.title) ? 0 : (source.stock?.[variant.title] ?? PLENTY),
    ]),
  ),
);
