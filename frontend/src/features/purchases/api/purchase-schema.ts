/** The purchase shapes the API answers (history, downloads, a checkout's result; spec part 2 §3, §7), checked on arrival. */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';

const text = z.nullish(z.string());
/** Dollars; a price given as text is read as a number, anything else counts as 0 (spec part 2 §3). */
const dollars = z.pipe(
  z.unknown(),
  z.transform((value) => {
    const amount = typeof value === 'string' ? Number.parseFloat(value) : value;
    return typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  }),
);

/** What every bought album carries, in the purchase history and on the Downloads tab alike. */
const boughtAlbumSchema = z.object({
  albumId: idSchema,
  title: z.string(),
  artistName: text,
  artwork: text,
  purchaseDate: z.string(),
  purchasePrice: dollars,
});
export type BoughtAlbum = z.infer<typeof boughtAlbumSchema>;

export const purchaseSchema = z.extend(boughtAlbumSchema, { id: idSchema });
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseHistorySchema = z.object({ purchases: z.array(purchaseSchema) });

/** A bought album on the Downloads tab; `shopifyZipUrl` is a short-lived signed link, null while the ZIP is built. */
export const purchasedAlbumSchema = z.extend(boughtAlbumSchema, { shopifyZipUrl: text });
export type PurchasedAlbum = z.infer<typeof purchasedAlbumSchema>;

/** One album of a paid checkout, with its download link (null while the ZIP is built). */
export const checkoutAlbumSchema = z.object({
  albumId: idSchema,
  albumTitle: z.string(),
  artistName: text,
  artwork: text,
  purchasePrice: dollars,
  downloadUrl: text,
});
export type CheckoutAlbum = z.infer<typeof checkoutAlbumSchema>;

export const checkoutResultSchema = z.object({
  success: z.boolean(),
  purchases: z._default(z.array(checkoutAlbumSchema), []),
  subscribed: z._default(z.boolean(), false),
  subscriptionActivated: z._default(z.boolean(), false),
  total: z._default(dollars, 0),
  emailSent: z._default(z.boolean(), false),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;
