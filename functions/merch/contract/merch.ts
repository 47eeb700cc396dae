/** Contract of the `merch` context: the merch shop's products, collections and carts, and the shop's webhooks. */
import * as z from 'zod/mini';
import { endpoint, nullableText, success } from '../../platform/contract/endpoint.js';

/**
 * Storefronts send amounts as decimal strings ("28.00"); they are read as numbers of dollars. A number is taken as it
 * is: the edge reads each answer by its contract before sending it, and the SPA reads it again.
 */
const money = z.object({
  amount: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((amount) => Number(amount)),
  ),
  currencyCode: z.string(),
});
export type Money = z.infer<typeof money>;

export const shopVariant = z.object({ id: z.string(), title: z.string(), available: z.boolean(), price: money });
export type ShopVariant = z.infer<typeof shopVariant>;

export const shopProduct = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.object({ url: z.string(), altText: nullableText })),
  variants: z.array(shopVariant),
  availableForSale: z.boolean(),
  priceRange: z.object({ minVariantPrice: money, maxVariantPrice: money }),
  collections: z.array(z.object({ handle: z.string(), title: z.string() })),
  /** When it went on sale (ISO), for the Newest sort. */
  createdAt: z.string(),
});
export type ShopProduct = z.infer<typeof shopProduct>;

export const shopCollection = z.object({ id: z.string(), handle: z.string(), title: z.string(), description: z.string() });
export type ShopCollection = z.infer<typeof shopCollection>;

export const listProductsAnswer = z.array(shopProduct);
export const listProducts = endpoint({ answer: listProductsAnswer });
export const listCollectionsAnswer = z.array(shopCollection);
export const listCollections = endpoint({ answer: listCollectionsAnswer });
const cartLine = z.object({ variantId: z.string(), quantity: z.int() });

/**
 * A variant the shop's cart holds fewer of than the bag asked for, for want of stock: `quantity` is what it holds (0
 * when the shop has none and took the line out).
 */
export const cartAdjustment = z.object({
  variantId: z.string(),
  requested: z.int(),
  quantity: z.int(),
  reason: z.enum(['not_enough_stock', 'out_of_stock']),
});
export type CartAdjustment = z.infer<typeof cartAdjustment>;

/**
 * The cart made on the shop: its checkout, what the member discount took off the items there, in dollars (0 for a
 * listener who is not a member, or when the shop did not apply the code), so the bag can tell a member if it did not,
 * and the lines it holds, with each one the shop cut or took out for want of stock (no lines: nothing to check out).
 */
export const createCartAnswer = z.object({
  success,
  cartId: z.string(),
  checkoutUrl: z.string(),
  memberDiscount: z.number(),
  lines: z.array(cartLine),
  adjustments: z.array(cartAdjustment),
});
export const createCart = endpoint({
  body: z.object({
    items: z
      .array(
        z.object({
          variantId: z.string().check(z.minLength(1), z.maxLength(200)),
          quantity: z.int().check(z.minimum(1), z.maximum(99)),
        }),
      )
      .check(z.minLength(1), z.maxLength(50)),
  }),
  answer: createCartAnswer,
});

/**
 * Whether a cart made on the shop is spent: once its checkout became an order the shop no longer has the cart, and
 * the bag it was made from has been paid.
 */
export const cartStatusAnswer = z.object({ spent: z.boolean() });
export const getCartStatus = endpoint({
  query: z.object({
    cartId: z.string().check(z.trim(), z.startsWith('gid://shopify/Cart/', 'Give the id of a cart made on the shop'), z.maxLength(300)),
  }),
  answer: cartStatusAnswer,
});

/**
 * The merch discount of the listener asking: a Toko+ member's percentage off the items, which their carts carry to the
 * shop's checkout; null for anyone else, or when the shop has no member discount code.
 */
export const memberDiscountAnswer = z.object({ percent: z.nullable(z.number()) });
export const getMemberDiscount = endpoint({ answer: memberDiscountAnswer });

/** Shopify's deliveries (the body is read raw, for its signature): what became of the one delivered. */
export const shopifyWebhookAnswer = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) });
export const shopifyWebhook = endpoint({ answer: shopifyWebhookAnswer });
