/** The label's own merch catalogue: what the shop serves when no Shopify store is configured. Data only. */
import { brand } from '../../../events/brand.js';
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

const SIZES = ['S', 'M', 'L', 'XL'];
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

const sources: Source[] = [
  {
    handle: 'first-light-tee',
    title: 'First Light Tee',
    description: "Heavyweight cotton tee with the sunrise artwork of Mara Vell's First Light on the front.",
    collection: 'apparel',
    createdAt: '2026-10-16',
    prices: [28],
    image: 'images/artwork/album-first-light.jpg',
    options: SIZES,
    soldOut: ['XL'],
  },
  {
    handle: 'low-tides-hoodie',
    title: 'Low Tides Hoodie',
    description: 'Navy hoodie with a small embroidered wave, as worn in the boathouse sessions.',
    collection: 'apparel',
    createdAt: '2026-06-05',
    prices: [55],
    image: 'images/headers/artist-the-low-tides.jpg',
    options: SIZES,
  },
  {
    handle: 'toko-dad-cap',
    title: 'Toko Dad Cap',
    description: 'Washed cotton cap with the label logo.',
    collection: 'apparel',
    createdAt: '2025-12-01',
    prices: [24],
    image: 'images/avatars/artist-mara-vell.jpg',
  },
  {
    handle: 'after-hours-longsleeve',
    title: 'After Hours Longsleeve',
    description: 'Black longsleeve with the After Hours tracklist down the sleeve.',
    collection: 'apparel',
    createdAt: '2024-09-20',
    prices: [34],
    image: 'images/artwork/album-after-hours.jpg',
    options: SIZES,
  },
  {
    handle: 'first-light-vinyl',
    title: 'First Light (LP)',
    description: '180 g vinyl in a gatefold sleeve, with a download card.',
    collection: 'vinyl',
    createdAt: '2026-10-16',
    prices: [32, 38],
    image: 'images/artwork/album-first-light.jpg',
    options: ['Black', 'Sunrise Orange'],
  },
  {
    handle: 'paper-satellites-vinyl',
    title: 'Paper Satellites (LP)',
    description: "Glasshouse Radio's concept album on translucent blue vinyl.",
    collection: 'vinyl',
    createdAt: '2025-11-14',
    prices: [34],
    image: 'images/artwork/album-paper-satellites.jpg',
  },
  {
    handle: 'harbour-lights-cassette',
    title: 'Harbour Lights (Cassette)',
    description: 'The live-to-tape EP, on tape. Limited to 200 copies.',
    collection: 'vinyl',
    createdAt: '2026-06-05',
    prices: [12],
    image: 'images/artwork/album-harbour-lights.jpg',
    soldOut: ['Default Title'],
  },
  {
    handle: 'copper-and-salt-7inch',
    title: 'Copper & Salt (7")',
    description: 'Two beats from the EP on a 7-inch single.',
    collection: 'vinyl',
    createdAt: '2025-05-09',
    prices: [15],
    image: 'images/artwork/album-copper-and-salt.jpg',
  },
  {
    handle: 'label-tote',
    title: 'Label Tote Bag',
    description: 'Sturdy canvas tote, big enough for a dozen records.',
    collection: 'accessories',
    createdAt: '2025-03-01',
    prices: [18],
    image: 'images/headers/artist-mara-vell.jpg',
  },
  {
    handle: 'enamel-pin-set',
    title: 'Enamel Pin Set',
    description: 'Five pins, one for each artist on the label.',
    collection: 'accessories',
    createdAt: '2025-08-15',
    prices: [16],
    image: 'images/avatars/artist-glasshouse-radio.jpg',
  },
  {
    handle: 'night-garden-poster',
    title: 'Night Garden Poster',
    description: 'Risograph print of the Night Garden artwork, 50 × 70 cm.',
    collection: 'accessories',
    createdAt: '2026-08-21',
    prices: [20, 35],
    image: 'images/artwork/album-night-garden.jpg',
    options: ['Unframed', 'Framed'],
  },
  {
    handle: 'slipmat-pair',
    title: 'Turntable Slipmats (Pair)',
    description: 'Felt slipmats with the label logo, for the DJs.',
    collection: 'accessories',
    createdAt: '2024-09-20',
    prices: [22],
    image: 'images/headers/artist-sol-and-ember.jpg',
  },
];

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
