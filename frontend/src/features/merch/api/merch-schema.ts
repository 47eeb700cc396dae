/** The shop's product and collection shapes (spec part 2 §3 "Shop product"), checked on arrival. */
import { z } from 'zod/mini';

/** Storefronts send amounts as decimal strings ("28.00"); they are read as numbers of dollars. */
const moneySchema = z.object({
  amount: z
    .pipe(
      z.union([z.string(), z.number()]),
      z.transform((amount) => Number(amount)),
    )
    .check(z.refine((amount) => Number.isFinite(amount) && amount >= 0, 'amount must be a price')),
  currencyCode: z._default(z.string(), 'USD'),
});
export type Money = z.infer<typeof moneySchema>;

export const shopVariantSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  available: z._default(z.boolean(), true),
  price: moneySchema,
});
export type ShopVariant = z.infer<typeof shopVariantSchema>;

export const shopProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  description: z._default(z.string(), ''),
  images: z._default(z.array(z.object({ url: z.string(), altText: z.nullish(z.string()) })), []),
  variants: z.array(shopVariantSchema),
  availableForSale: z.boolean(),
  priceRange: z.object({ minVariantPrice: moneySchema, maxVariantPrice: moneySchema }),
  collections: z._default(z.array(z.object({ handle: z.string(), title: z.string() })), []),
  /** When it went on sale (ISO), for the Newest sort. */
  createdAt: z.nullish(z.string()),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

export const shopCollectionSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
});
export type ShopCollection = z.infer<typeof shopCollectionSchema>;
