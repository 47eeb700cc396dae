/**
 * The merch bag: the items a listener is about to buy on the label's external shop, kept in local storage
 * under `toko_merch_cart`, so it outlives the tab. Pure: reading, merging, quantities, subtotal.
 */
import type { CartAdjustment } from '#contract/merch.js';
import { percentOffCents } from '#contract/pricing.js';
import { brand } from '../../lib/brand';
import { fieldsOf, isNumber, isText, isWhole } from '../../lib/stored-shape';

export const MERCH_CART_KEY = `${brand.product.toLowerCase()}_merch_cart`;
/** The storefront takes at most 99 of one variant in a cart. */
export const MAX_MERCH_QUANTITY = 99;
/** Shopify names the variant of a product without options "Default Title"; it is never shown. */
export const DEFAULT_VARIANT_TITLE = 'Default Title';

export interface MerchCartItem {
  shopifyVariantId: string;
  productHandle: string;
  title: string;
  variant?: string | null;
  image?: string | null;
  price: number;
  currencyCode: string;
  qty: number;
}

const isOptionalText = (value: unknown) => value == null || isText(value);

/** A stored line as it was written (a bag from before currencies were kept is in dollars), or null. */
function readMerchItem(value: unknown): MerchCartItem | null {
  const item = fieldsOf(value);
  if (!item) return null;
  const { shopifyVariantId, productHandle, title, variant, image, price, currencyCode = 'USD', qty } = item;
  if (!isText(shopifyVariantId) || shopifyVariantId === '' || !isText(productHandle) || !isText(title)) return null;
  if (!isOptionalText(variant) || !isOptionalText(image) || !isText(currencyCode)) return null;
  if (!isNumber(price) || price < 0 || !isWhole(qty) || qty <= 0) return null;
  return {
    shopifyVariantId,
    productHandle,
    title,
    ...(variant === undefined ? {} : { variant }),
    ...(image === undefined ? {} : { image }),
    price,
    currencyCode,
    qty,
  };
}
export type MerchCart = readonly MerchCartItem[];

const clampQuantity = (qty: number) => Math.min(MAX_MERCH_QUANTITY, Math.floor(qty));

/** The bag as stored; anything unreadable (not JSON, an old shape) is dropped item by item, never thrown. */
export function readMerchCart(stored: string | null): MerchCartItem[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const item = readMerchItem(entry);
    return item ? [{ ...item, qty: clampQuantity(item.qty) }] : [];
  });
}

export const writeMerchCart = (cart: MerchCart): string => JSON.stringify(cart);

/** Adds an item; the same variant again adds to its quantity instead of making a second line. */
export function addMerchItem(cart: MerchCart, item: MerchCartItem): MerchCartItem[] {
  const existing = cart.find((line) => line.shopifyVariantId === item.shopifyVariantId);
  if (!existing) return [...cart, { ...item, qty: clampQuantity(item.qty) }];
  return cart.map((line) => (line === existing ? { ...line, qty: clampQuantity(line.qty + item.qty) } : line));
}

/** Sets a line's quantity; 0 or less takes the line out of the bag. */
export function setMerchQuantity(cart: MerchCart, variantId: string, qty: number): MerchCartItem[] {
  if (qty <= 0) return removeMerchItem(cart, variantId);
  return cart.map((line) => (line.shopifyVariantId === variantId ? { ...line, qty: clampQuantity(qty) } : line));
}

export const removeMerchItem = (cart: MerchCart, variantId: string): MerchCartItem[] =>
  cart.filter((line) => line.shopifyVariantId !== variantId);

/** How many pieces are in the bag (the header badge counts these). */
export const merchItemCount = (cart: MerchCart): number => cart.reduce((sum, line) => sum + line.qty, 0);

/** The estimated subtotal in dollars, to the cent; taxes and shipping come at the external checkout. */
export const merchSubtotal = (cart: MerchCart): number =>
  Math.round(cart.reduce((sum, line) => sum + Math.round(line.price * 100) * line.qty, 0)) / 100;

interface MerchTotals {
  /** The items at their prices, in dollars. */
  items: number;
  /** What the member discount takes off the items (0 without one). */
  discount: number;
  /** The items after the discount: what the checkout's items come to, before shipping and taxes. */
  subtotal: number;
}

/** The bag's amounts with a member discount of `percent` off the items (null: none), as the shop's checkout computes them. */
export function merchTotals(cart: MerchCart, percent: number | null): MerchTotals {
  const itemsCents = Math.round(merchSubtotal(cart) * 100);
  const discountCents = percent ? percentOffCents(itemsCents, percent) : 0;
  return { items: itemsCents / 100, discount: discountCents / 100, subtotal: (itemsCents - discountCents) / 100 };
}

/** The variant's name as shown, or null for a product without options. */
export const shownVariant = (variant: string | null | undefined): string | null =>
  variant && variant !== DEFAULT_VARIANT_TITLE ? variant : null;

/** A line's name as the bag shows it: "Low Tides Hoodie (L)", or the title alone for a product without options. */
export function merchLineName(line: Pick<MerchCartItem, 'title' | 'variant'>): string {
  const variant = shownVariant(line.variant);
  return variant ? `${line.title} (${variant})` : line.title;
}

/** The bag once the shop's cart held fewer of some variants: each such line holds what the cart holds, or leaves. */
export const withStockAdjustments = (cart: MerchCart, adjustments: readonly CartAdjustment[]): MerchCartItem[] =>
  adjustments.reduce<MerchCartItem[]>((bag, adjustment) => setMerchQuantity(bag, adjustment.variantId, adjustment.quantity), [...cart]);

/** What the buyer is told of a line the shop cut or took out for want of stock; null for a variant not in the bag. */
export function stockNotice(cart: MerchCart, adjustment: CartAdjustment): string | null {
  const line = cart.find((item) => item.shopifyVariantId === adjustment.variantId);
  if (!line) return null;
  const name = merchLineName(line);
  if (adjustment.quantity === 0) return `${name} is sold out: it was taken out of your bag.`;
  return `Only ${adjustment.quantity} left of ${name}: your bag now holds ${adjustment.quantity}.`;
}

/** The lines of `POST /api/shopify/create-cart`. */
export const checkoutLines = (cart: MerchCart): Array<{ variantId: string; quantity: number }> =>
  cart.map((line) => ({ variantId: line.shopifyVariantId, quantity: line.qty }));

/** The bag once an order of these lines is placed: their quantities leave it, what was added since stays. */
export function withoutOrdered(cart: MerchCart, ordered: ReadonlyArray<{ variantId: string; quantity: number }>): MerchCartItem[] {
  return ordered.reduce<MerchCartItem[]>(
    (left, line) => {
      const inBag = left.find((item) => item.shopifyVariantId === line.variantId);
      return inBag ? setMerchQuantity(left, line.variantId, inBag.qty - line.quantity) : left;
    },
    [...cart],
  );
}
