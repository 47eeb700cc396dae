/**
 * The merch shop's storefront: the Shopify Storefront API when SHOPIFY_STORE_DOMAIN and
 * SHOPIFY_STOREFRONT_TOKEN are set, else the label's own catalogue (functions/domain/merch).
 */
import { randomUUID } from 'node:crypto';
import { conflict, invalid, upstreamFailed } from '../domain/errors.js';
import { labelCollections, labelProducts, LABEL_SHOP_ORIGIN, type ShopCollection, type ShopProduct } from '../domain/merch/label-shop.js';
import { env } from './env.js';

export interface CartLineInput {
  variantId: string;
  quantity: number;
}

export interface Storefront {
  products(): Promise<ShopProduct[]>;
  collections(): Promise<ShopCollection[]>;
  createCart(lines: CartLineInput[]): Promise<{ cartId: string; checkoutUrl: string }>;
}

export const labelStorefront: Storefront = {
  products() {
    return Promise.resolve(labelProducts);
  },
  collections() {
    return Promise.resolve(labelCollections);
  },
  createCart(lines) {
    const variants = new Map(labelProducts.flatMap((p) => p.variants.map((v) => [v.id, v] as const)));
    for (const line of lines) {
      const variant = variants.get(line.variantId);
      if (!variant) throw invalid('unknown_variant', `Unknown product variant ${line.variantId}`);
      if (!variant.available) throw conflict('unavailable', 'This item is currently out of stock');
    }
    const cartId = randomUUID();
    const items = lines.map((l) => `${l.variantId.split('/').pop()}:${l.quantity}`).join(',');
    return Promise.resolve({ cartId, checkoutUrl: `${LABEL_SHOP_ORIGIN}/cart/${items}?cart=${cartId}` });
  },
};

const PRODUCT_FIELDS = `id handle title description availableForSale createdAt
  images(first: 10) { nodes { url altText } }
  variants(first: 50) { nodes { id title availableForSale price { amount currencyCode } } }
  priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
  collections(first: 10) { nodes { handle title } }`;

interface GqlProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  availableForSale: boolean;
  createdAt: string;
  images: { nodes: { url: string; altText: string | null }[] };
  variants: { nodes: { id: string; title: string; availableForSale: boolean; price: { amount: string; currencyCode: 'USD' } }[] };
  priceRange: ShopProduct['priceRange'];
  collections: { nodes: { handle: string; title: string }[] };
}

export function shopifyStorefront(domain: string, token: string): Storefront {
  async function query<T>(gql: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(`https://${domain}/api/2025-01/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-storefront-access-token': token },
      body: JSON.stringify({ query: gql, variables }),
    });
    const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
    if (!res.ok || !body.data) throw upstreamFailed('storefront_failed', body.errors?.[0]?.message ?? `Shopify answered ${res.status}`);
    return body.data;
  }
  return {
    async products() {
      const data = await query<{ products: { nodes: GqlProduct[] } }>(
        `{ products(first: 100, sortKey: CREATED_AT, reverse: true) { nodes { ${PRODUCT_FIELDS} } } }`,
      );
      return data.products.nodes.map((p) => ({
        id: p.id,
        handle: p.handle,
        title: p.title,
        description: p.description,
        images: p.images.nodes,
        variants: p.variants.nodes.map((v) => ({ id: v.id, title: v.title, available: v.availableForSale, price: v.price })),
        availableForSale: p.availableForSale,
        priceRange: p.priceRange,
        collections: p.collections.nodes,
        createdAt: p.createdAt,
      }));
    },
    async collections() {
      const data = await query<{ collections: { nodes: ShopCollection[] } }>(
        `{ collections(first: 50) { nodes { id handle title description } } }`,
      );
      return data.collections.nodes;
    },
    async createCart(lines) {
      const data = await query<{ cartCreate: { cart: { id: string; checkoutUrl: string } | null; userErrors: { message: string }[] } }>(
        `mutation($lines: [CartLineInput!]) { cartCreate(input: { lines: $lines }) { cart { id checkoutUrl } userErrors { message } } }`,
        { lines: lines.map((l) => ({ merchandiseId: l.variantId, quantity: l.quantity })) },
      );
      const cart = data.cartCreate.cart;
      if (!cart) throw invalid('cart_failed', data.cartCreate.userErrors[0]?.message ?? 'Could not create the cart');
      return { cartId: cart.id, checkoutUrl: cart.checkoutUrl };
    },
  };
}

/** The storefront this deployment is configured with. */
export function storefront(): Storefront {
  const { SHOPIFY_STORE_DOMAIN: domain, SHOPIFY_STOREFRONT_TOKEN: token } = env();
  return domain && token ? shopifyStorefront(domain, token) : labelStorefront;
}
