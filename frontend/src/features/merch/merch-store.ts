/**
 * Where the label's external shop lives and the links into it: product pages with UTM tags (View on Shop),
 * the vinyl store of the promo banner, and where checkout goes when the shop gives no checkout address.
 */
import { brand } from '../../lib/brand';

/** The label's hosted shop; the same origin the server's storefront gives its checkout URLs. */
export const MERCH_SHOP_ORIGIN = brand.shopUrl;

/** Visits from the app are tagged so the label can see what the app sells. */
const MERCH_UTM_TAGS = {
  utm_source: brand.product.toLowerCase(),
  utm_medium: 'app',
  utm_campaign: 'merch_shop',
} as const;

const tagged = (url: URL, content?: string): string => {
  for (const [name, value] of Object.entries(MERCH_UTM_TAGS)) url.searchParams.set(name, value);
  if (content) url.searchParams.set('utm_content', content);
  return url.href;
};

/** The product's own page on the shop, tagged with where the visit came from. */
export const productPageUrl = (handle: string): string =>
  tagged(new URL(`/products/${encodeURIComponent(handle)}`, MERCH_SHOP_ORIGIN), handle);

/** The label's records, pressed and sold by the vinyl store the promo banner points to. */
export const VINYL_STORE_URL = tagged(new URL('/collections/vinyl', MERCH_SHOP_ORIGIN), 'vinyl_banner');

/** The shop's cart page: where a checkout goes when nothing better is known. */
export const SHOP_CART_URL = new URL('/cart', MERCH_SHOP_ORIGIN).href;

/** The storefront's variant number: the last segment of a `gid://…/ProductVariant/123` id. */
const variantNumber = (variantId: string): string => variantId.split('/').pop() ?? variantId;

/** A cart permalink on the shop (`/cart/123:2,456:1`) that fills the shop's cart with these lines. */
export function directCartUrl(lines: ReadonlyArray<{ variantId: string; quantity: number }>): string {
  if (lines.length === 0) return SHOP_CART_URL;
  const items = lines.map((line) => `${encodeURIComponent(variantNumber(line.variantId))}:${line.quantity}`).join(',');
  return `${SHOP_CART_URL}/${items}`;
}

/** What the create-cart call gave: its answer, or that it failed. */
export type CreatedCart = { ok: true; checkoutUrl: string | null | undefined } | { ok: false };

/**
 * Where checkout goes: the created cart's checkout URL; with a cart but no URL, the shop's cart page;
 * when the cart could not be created, a direct cart link built from the variant ids and quantities.
 */
export function checkoutDestination(created: CreatedCart, lines: ReadonlyArray<{ variantId: string; quantity: number }>): string {
  if (!created.ok) return directCartUrl(lines);
  return created.checkoutUrl && isWebAddress(created.checkoutUrl) ? created.checkoutUrl : SHOP_CART_URL;
}

/** Only a web page is opened: never a script or data URL. */
function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The shop's address as a person would type it, for "visit the store directly". */
export const MERCH_SHOP_HOST = new URL(MERCH_SHOP_ORIGIN).host;
