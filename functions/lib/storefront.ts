/**
 * The merch shop's storefront: Shopify's Storefront GraphQL API at the store SHOPIFY_STORE_DOMAIN names, with
 * SHOPIFY_STOREFRONT_TOKEN. The domain is a shop's (`toko.myshopify.com`, reached over https) or an origin
 * (`http://127.0.0.1:4100`, the local cloud's Shopify sandbox); the code is the same for both.
 */
import { conflict, invalid, unavailable, upstreamFailed } from '../domain/errors.js';
import { centsOf } from '../domain/merch/order.js';
import { env } from './env.js';

/** The Storefront API version the queries are written for. */
export const STOREFRONT_API_VERSION = '2025-01';

interface Money {
  amount: string;
  currencyCode: 'USD';
}

export interface ShopVariant {
  id: string;
  title: string;
  available: boolean;
  price: Money;
}

export interface ShopProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  images: { url: string; altText: string | null }[];
  variants: ShopVariant[];
  availableForSale: boolean;
  priceRange: { minVariantPrice: Money; maxVariantPrice: Money };
  collections: { handle: string; title: string }[];
  createdAt: string;
}

export interface ShopCollection {
  id: string;
  handle: string;
  title: string;
  description: string;
}

export interface CartLineInput {
  variantId: string;
  quantity: number;
}

/** A cart as the storefront made it: where to pay, and what its discount codes took off the items. */
export interface CreatedCart {
  cartId: string;
  checkoutUrl: string;
  /** The codes given, each with whether the shop applies it (an unknown or expired code is kept but not applicable). */
  discountCodes: { code: string; applicable: boolean }[];
  /** What the codes took off the items, in cents (0 without a discount). */
  discountCents: number;
}

export interface Storefront {
  /** Every product, in the shop's own (featured) order. */
  products(): Promise<ShopProduct[]>;
  collections(): Promise<ShopCollection[]>;
  /** A cart of these lines, with these discount codes (given server-side only: the buyer never picks a code here). */
  createCart(lines: CartLineInput[], discountCodes?: string[]): Promise<CreatedCart>;
  /** True once the shop no longer has the cart: its checkout became an order (the Storefront API answers null then). */
  isCartSpent(cartId: string): Promise<boolean>;
  /** The artist each product is linked to by its `artist:<artistId>` tag (null for the label's own); unknown ids are left out. */
  productArtists(productIds: string[]): Promise<Map<string, string | null>>;
}

/** The tag that links a product to the artist it is credited to. */
export const ARTIST_TAG = 'artist:';

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
  variants: { nodes: { id: string; title: string; availableForSale: boolean; price: Money }[] };
  priceRange: ShopProduct['priceRange'];
  collections: { nodes: { handle: string; title: string }[] };
}

interface GqlCart {
  id: string;
  checkoutUrl: string;
  discountCodes: { code: string; applicable: boolean }[];
  discountAllocations: { discountedAmount: { amount: string } }[];
}

interface CartUserError {
  message: string;
  code: string | null;
}

/** Shopify's cart error codes that mean the item cannot be had now, rather than that the request was wrong. */
const OUT_OF_STOCK = new Set(['MERCHANDISE_OUT_OF_STOCK', 'MERCHANDISE_NOT_ENOUGH_STOCK']);

/** `toko.myshopify.com` → `https://toko.myshopify.com`; an origin with its scheme is taken as it is. */
export const storeOrigin = (domain: string) => (/^https?:\/\//.test(domain) ? domain : `https://${domain}`).replace(/\/+$/, '');

export function shopifyStorefront(domain: string, token: string): Storefront {
  const endpoint = `${storeOrigin(domain)}/api/${STOREFRONT_API_VERSION}/graphql.json`;
  async function query<T>(gql: string, variables: Record<string, unknown> = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-storefront-access-token': token },
        body: JSON.stringify({ query: gql, variables }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw upstreamFailed('storefront_failed', `The shop could not be reached: ${(error as Error).message}`);
    }
    const body = (await res.json().catch(() => ({}))) as { data?: T; errors?: { message: string }[] };
    if (!res.ok || !body.data) throw upstreamFailed('storefront_failed', body.errors?.[0]?.message ?? `Shopify answered ${res.status}`);
    return body.data;
  }
  return {
    async products() {
      const data = await query<{ products: { nodes: GqlProduct[] } }>(`{ products(first: 100) { nodes { ${PRODUCT_FIELDS} } } }`);
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
    async createCart(lines, discountCodes = []) {
      const data = await query<{ cartCreate: { cart: GqlCart | null; userErrors: CartUserError[] } }>(
        `mutation cartCreate($lines: [CartLineInput!], $discountCodes: [String!]) {
          cartCreate(input: { lines: $lines, discountCodes: $discountCodes }) {
            cart { id checkoutUrl discountCodes { code applicable } discountAllocations { discountedAmount { amount } } }
            userErrors { message code }
          }
        }`,
        { lines: lines.map((l) => ({ merchandiseId: l.variantId, quantity: l.quantity })), discountCodes },
      );
      const { cart, userErrors } = data.cartCreate;
      const [error] = userErrors;
      if (error && OUT_OF_STOCK.has(error.code ?? '')) throw conflict('unavailable', 'This item is currently out of stock');
      if (!cart || error) throw invalid('cart_failed', error?.message ?? 'Could not create the cart');
      return {
        cartId: cart.id,
        checkoutUrl: cart.checkoutUrl,
        discountCodes: cart.discountCodes,
        discountCents: cart.discountAllocations.reduce((sum, a) => sum + centsOf(a.discountedAmount.amount), 0),
      };
    },
    async isCartSpent(cartId) {
      const data = await query<{ cart: { id: string } | null }>(`query cart($id: ID!) { cart(id: $id) { id } }`, { id: cartId });
      return data.cart === null;
    },
    async productArtists(productIds) {
      if (productIds.length === 0) return new Map();
      const data = await query<{ nodes: ({ id: string; tags: string[] } | null)[] }>(
        `query productArtists($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { id tags } } }`,
        { ids: productIds },
      );
      return new Map(
        data.nodes.flatMap((node) => {
          if (!node?.id) return [];
          const tag = node.tags.find((t) => t.startsWith(ARTIST_TAG));
          return [[node.id, tag ? tag.slice(ARTIST_TAG.length) || null : null] as const];
        }),
      );
    },
  };
}

/** The storefront this deployment is configured with. */
export function storefront(): Storefront {
  const { SHOPIFY_STORE_DOMAIN: domain, SHOPIFY_STOREFRONT_TOKEN: token } = env();
  if (!domain || !token) throw unavailable('shop_unavailable', 'The shop is not available right now');
  return shopifyStorefront(domain, token);
}
