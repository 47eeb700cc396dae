/** GET /api/cart: the signed-in listener's album cart, retried 3 times at 1 s so a brief outage does not empty it. */
import { queryOptions } from '@tanstack/react-query';
import type { CartItem } from '#contract/commerce.js';
import { api } from '../../../lib/http';
import type { CartAlbum } from '../cart-album';
import { cartKeys } from './cart-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const commerceSchemas = () => import('#contract/commerce.js');

export const CART_RETRIES = 3;
export const CART_RETRY_DELAY_MS = 1000;

/** The server's cart lines as the screens show them; the server names each price and picture twice, this reads one of each. */
export const cartAlbums = (cart: CartItem[]): CartAlbum[] =>
  cart.map((item) => ({
    albumId: item.albumId,
    title: item.albumTitle,
    artistName: item.artistName,
    artwork: item.albumArtwork,
    basePrice: item.basePrice,
    subscriberPrice: item.subscriberPrice,
  }));

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.items(),
    queryFn: ({ signal }) => api('GET /api/cart', () => commerceSchemas().then((c) => c.cart), { signal }).then(cartAlbums),
    retry: CART_RETRIES,
    retryDelay: CART_RETRY_DELAY_MS,
  });
