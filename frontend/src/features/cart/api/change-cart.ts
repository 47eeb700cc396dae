/** POST /api/cart/add, DELETE /api/cart/{id} and POST /api/cart/clear: each answers with the cart as it is now. */
import { addToCartAnswer, cartChange, type CartItem } from '#contract/commerce.js';
import { api } from '../../../lib/http';
import type { CartAlbum } from '../cart-album';
import { cartAlbums } from './get-cart';

const cartOf = (answer: { cart: CartItem[] }): CartAlbum[] => cartAlbums(answer.cart);

export const addToServerCart = (albumId: string) =>
  api('POST /api/cart/add', addToCartAnswer, { body: { albumId, userSelectedSubscriber: false } }).then(cartOf);

export const removeFromServerCart = (albumId: string) => api('DELETE /api/cart/{id}', cartChange, { params: { id: albumId } }).then(cartOf);

export const clearServerCart = () => api('POST /api/cart/clear', cartChange).then(cartOf);
