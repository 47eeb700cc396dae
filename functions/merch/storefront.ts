/**
 * The merch shop's storefront: Shopify's Storefront GraphQL API at the store SHOPIFY_STORE_DOMAIN names, with
 * SHOPIFY_STOREFRONT_TOKEN, through Shopify's own Storefront API client. The domain is a shop's (`toko.myshopify.com`,
 * reached over https) or an origin (`http://127.0.0.1:4100`, the local cloud's Shopify sandbox); the code is the same
 * for both.
 */
import { createStorefrontApiClient, type StorefrontApiClient } from '@shopify/storefront-api-client';
import { invalid, unavailable, upstreamFailed } from '../platform/errors.js';
import { centsOf } from './domain/order.js';
import { env } from '../platform/env.js';
import { createLogger } from '../platform/log.js';

const logger = createLogger('storefront');

/**
 * The Storefront API version the queries are written for. Shopify supports a version for a year and answers a retired
 * one as its oldest supported version, so this is moved on before it leaves the client's list (a unit test fails then).
 */
export const STOREFRONT_API_VERSION = '2026-10';

interface Money {
  amount: string;
  currencyCode: 'USD';
}

interface ShopVariant {
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
  /** What the cart holds: the lines asked for, less what the shop does not have in stock. */
  lines: CartLineInput[];
  /** The variants the cart holds fewer of than were asked for. */
  adjustments: CartAdjustment[];
}

/** A variant the shop's cart holds fewer of than the buyer asked for, for want of stock (`quantity` 0: none at all). */
interface CartAdjustment {
  variantId: string;
  requested: number;
  quantity: number;
  reason: 'not_enough_stock' | 'out_of_stock';
}

export interface Storefront {
  /** Every product, in the shop's own (featured) order. */
  products(): Promise<ShopProduct[]>;
  collections(): Promise<ShopCollection[]>;
  /**
   * A cart of these lines, with these discount codes (given server-side only: the buyer never picks a code here). A line
   * the shop has too few of is cut to what it has, and one it has none of is taken out; the cart is made all the same.
   */
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
  lines: { nodes: { id: string; quantity: number; merchandise: { id: string } }[] };
}

interface CartUserError {
  message: string;
  code: string | null;
}

/** A warning of a cart mutation: the cart was made, and the shop changed something in it on its own (`target` is a line's id). */
interface CartWarning {
  code: string;
  message: string;
  target: string;
}

interface CartPayload {
  cart: GqlCart | null;
  userErrors: CartUserError[];
  warnings: CartWarning[];
}

/** A line as the shop's cart holds it. */
interface HeldLine {
  lineId: string;
  variantId: string;
  quantity: number;
}

/** A request the shop refused (an unknown variant, a bad quantity) comes back as user errors and no cart. */
function madeCart({ cart, userErrors }: CartPayload): GqlCart {
  const [error] = userErrors;
  if (!cart || error) throw invalid('cart_failed', error?.message ?? 'Could not create the cart');
  return cart;
}

const cartLines = (cart: GqlCart): HeldLine[] =>
  cart.lines.nodes.map((line) => ({ lineId: line.id, variantId: line.merchandise.id, quantity: line.quantity }));

/**
 * The lines to take out of a cart just made: those the shop warns are out of stock. It keeps them in the cart (its
 * checkout would refuse them), where a line short of stock it has already cut down to what it has.
 */
export const linesToRemove = (warnings: CartWarning[], held: HeldLine[]): string[] =>
  warnings.filter((w) => w.code === 'MERCHANDISE_OUT_OF_STOCK' && held.some((l) => l.lineId === w.target)).map((w) => w.target);

/** Each variant the cart holds fewer of than was asked for: how many were asked for, how many it holds (0: none), and why. */
export function cartAdjustments(requested: CartLineInput[], held: HeldLine[]): CartAdjustment[] {
  const total = (lines: { variantId: string; quantity: number }[], variantId: string) =>
    lines.filter((l) => l.variantId === variantId).reduce((sum, l) => sum + l.quantity, 0);
  const variantIds = [...new Set(requested.map((l) => l.variantId))];
  return variantIds.flatMap((variantId): CartAdjustment[] => {
    const asked = total(requested, variantId);
    const quantity = total(held, variantId);
    if (quantity >= asked) return [];
    return [{ variantId, requested: asked, quantity, reason: quantity === 0 ? 'out_of_stock' : 'not_enough_stock' }];
  });
}

const CART_FIELDS = `id checkoutUrl discountCodes { code applicable } discountAllocations { discountedAmount { amount } }
  lines(first: 100) { nodes { id quantity merchandise { ... on ProductVariant { id } } } }`;

const PAYLOAD_FIELDS = `cart { ${CART_FIELDS} } userErrors { message code } warnings { code message target }`;

/** What the client says when the pinned version is not among those Shopify supports today (it computes them from the date). */
export interface UnsupportedVersion {
  apiVersion: string;
  supportedApiVersions: string[];
}

const warnUnsupported = (unsupported: UnsupportedVersion) =>
  logger.warn('Shopify no longer supports the Storefront API version', { ...unsupported });

/**
 * Shopify's Storefront API client for the store. The client only speaks https to the store's domain; a sandbox on
 * plain http gets its requests back on http. An unsupported pinned version is reported as the client finds it.
 */
export function storefrontClient(domain: string, token: string, onUnsupportedVersion = warnUnsupported): StorefrontApiClient {
  const plainHttp = domain.startsWith('http://');
  return createStorefrontApiClient({
    storeDomain: domain,
    apiVersion: STOREFRONT_API_VERSION,
    publicAccessToken: token,
    customFetchApi: (url, init) => fetch(plainHttp ? url.replace(/^https:/, 'http:') : url, init),
    logger: (log) => {
      if (log.type === 'Unsupported_Api_Version') onUnsupportedVersion(log.content);
    },
  });
}

export function shopifyStorefront(domain: string, token: string): Storefront {
  const client = storefrontClient(domain, token);
  async function query<T>(gql: string, variables: Record<string, unknown> = {}): Promise<T> {
    const { data, errors } = await client.request<T>(gql, { variables, signal: AbortSignal.timeout(10_000) });
    if (data) return data;
    // The client's message says what failed: the shop unreachable, an HTTP status, or a GraphQL error.
    throw upstreamFailed('storefront_failed', errors?.graphQLErrors?.[0]?.message ?? errors?.message ?? 'The shop did not answer');
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
      const created = await query<{ cartCreate: CartPayload }>(
        `mutation cartCreate($lines: [CartLineInput!], $discountCodes: [String!]) { cartCreate(input: { lines: $lines, discountCodes: $discountCodes }) { ${PAYLOAD_FIELDS} } }`,
        { lines: lines.map((l) => ({ merchandiseId: l.variantId, quantity: l.quantity })), discountCodes },
      );
      let cart = madeCart(created.cartCreate);
      const removeLineIds = linesToRemove(created.cartCreate.warnings, cartLines(cart));
      if (removeLineIds.length) {
        const removed = await query<{ cartLinesRemove: CartPayload }>(
          `mutation cartLinesRemove($cartId: ID!, $lineIds: [ID!]!) { cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { ${PAYLOAD_FIELDS} } }`,
          { cartId: cart.id, lineIds: removeLineIds },
        );
        cart = madeCart(removed.cartLinesRemove);
      }
      const held = cartLines(cart);
      return {
        cartId: cart.id,
        checkoutUrl: cart.checkoutUrl,
        discountCodes: cart.discountCodes,
        discountCents: cart.discountAllocations.reduce((sum, a) => sum + centsOf(a.discountedAmount.amount), 0),
        lines: held.map(({ variantId, quantity }) => ({ variantId, quantity })),
        adjustments: cartAdjustments(lines, held),
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
