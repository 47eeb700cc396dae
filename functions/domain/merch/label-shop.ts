/** The label's own merch catalogue: what the shop serves when no Shopify store is configured. Data only: the products are in label-shop.json. */
import { brand } from '../../../events/brand.js';
import labelShopSources from './label-shop.json' with { type: 'json' };
export interface ShopVariant {
  id: string;
  title: string;
  available: boolean;
  price: { amount: string; currencyCode: 'USD' };
}
export interface ShopProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  images: { url: string; altText: string | null }[];
  variants: ShopVariant[];
  availableForSale: boolean;
  priceRange: { minVariantPrice: ShopVariant['price']; maxVariantPrice: ShopVariant['price'] };
  collections: { handle: string; title: string }[];
  createdAt: string;
}
export interface ShopCollection {
  id: string;
  handle: string;
  title: string;
  description: string;
}

/** Where the label's hosted shop (and its checkout) lives. */
export const LABEL_SHOP_ORIGIN = brand.shopUrl;

export const labelCollections: ShopCollection[] = [
  { id: 'gid://toko/Collection/apparel', handle: 'apparel', title: 'Apparel', description: 'Shirts, hoodies and caps.' },
  { id: 'gid://toko/Collection/vinyl', handle: 'vinyl', title: 'Vinyl & Tapes', description: 'Records and cassettes from the label.' },
  { id: 'gid://toko/Collection/accessories', handle: 'accessories', title: 'Accessories', description: 'Totes, pins, posters and more.' },
];

const usd = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: 'USD' as const });

interface Source {
  handle: string;
  title: string;
  description: string;
  collection: string;
  createdAt: string;
  prices: number[];
  /** A media object of the label's own to show (the seeded artwork and artist images). */
  image: string;
  /** Variant titles; one "Default Title" when the product has no options. */
  options?: string[];
  soldOut?: string[];
}

const sources: Source[] = labelShopSources;

export const labelProducts: ShopProduct[] = sources.map((source, index) => {
  const collection = labelCollections.find((c) => c.handle === source.collection)!;
  const titles = source.options ?? ['Default Title'];
  const variants = titles.map((title, i) => ({
    id: `gid://toko/ProductVariant/${index + 1}${String(i + 1).padStart(2, '0')}`,
    title,
    available: !source.soldOut?.includes(title),
    price: usd(source.prices[Math.min(i, source.prices.length - 1)]),
  }));
  const amounts = variants.map((v) => Number(v.price.amount));
  return {
    id: `gid://toko/Product/${index + 1}`,
    handle: source.handle,
    title: source.title,
    description: source.description,
    images: [{ url: `/media/${source.image}`, altText: source.title }],
    variants,
    availableForSale: variants.some((v) => v.available),
    priceRange: { minVariantPrice: usd(Math.min(...amounts)), maxVariantPrice: usd(Math.max(...amounts)) },
    collections: [{ handle: collection.handle, title: collection.title }],
    createdAt: source.createdAt,
  };
});
