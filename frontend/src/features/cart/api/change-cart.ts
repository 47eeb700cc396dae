/** POST /api/cart/add, DELETE /api/cart/{id} and POST /api/cart/clear: each answers with the cart as it is now. */
import { addToCartAnswer, cartChange, type CartItem } from '#contract/commerce.js';
import { request } from '../../../lib/http';
import type { CartAlbum } from '../cart-album';
import { cartAlbums } from './get-cart';

const cartOf = (answer: { cart: CartItem[] }): CartAlbum[] => cartAlbums(answer.cart);

export const addToServerCart = (albumId: string) =>
  request('/api/cart/add', addToCartAnswer, { method: 'POST', body: { albumId, userSelectedSubscriber: false } }).then(cartOf);

export const removeFromServerCart = (albumId: string) =>
  request(`/api/cart/${encodeURIComponent(albumId)}`, cartChange, { method: 'DELETE' }).then(cartOf);

export const clearServerCart = () => request('/api/cart/clear', cartChange, { method: 'POST' }).then(cartOf);
