/**
 * The album cart as the server answers it (spec §3: both spellings of each field), read into the one
 * `CartAlbum` the screens show. Subscription lines are not albums and are left out.
 */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';
import { memberPriceOf, type CartAlbum } from '../cart-album';

const text = z.nullish(z.string());
const money = z.nullish(z.number());

export const cartItemSchema = z.object({
  type: z.nullish(z.string()),
  albumId: z.nullish(idSchema),
  albumTitle: text,
  title: text,
  artistName: text,
  albumArtwork: text,
  artwork: text,
  basePrice: money,
  price: money,
  subscriberPrice: money,
  stripePriceDefault: money,
  stripePriceSubscriber: money,
});
export type CartItemAnswer = z.infer<typeof cartItemSchema>;

export function cartAlbumFromAnswer(item: CartItemAnswer): CartAlbum | null {
  if ((item.type && item.type !== 'album') || !item.albumId) return null;
  const basePrice = item.basePrice ?? item.price ?? item.stripePriceDefault ?? 0;
  return {
    albumId: item.albumId,
    title: item.albumTitle ?? item.title ?? 'Untitled album',
    artistName: item.artistName ?? null,
    artwork: item.albumArtwork ?? item.artwork ?? null,
    basePrice,
    subscriberPrice: memberPriceOf(basePrice, item.subscriberPrice ?? item.stripePriceSubscriber ?? null),
  };
}

export const cartAnswerSchema = z.pipe(
  z.array(cartItemSchema),
  z.transform((items) => items.map(cartAlbumFromAnswer).filter((album): album is CartAlbum => album !== null)),
);

/** The answer of every cart command: the cart as it is now. */
export const cartChangeSchema = z.object({ cart: cartAnswerSchema });
