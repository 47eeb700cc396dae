/** POST /api/cart/add, DELETE /api/cart/{id} and POST /api/cart/clear: each answers with the cart as it is now. */
import * as commerce from '../../../../../functions/contract/commerce';
import { request } from '../../../lib/http';
import type { CartAlbum } from '../cart-album';
import { cartAlbums } from './get-cart';

const cartOf = (answer: { cart: commerce.CartItem[] }): CartAlbum[] => cartAlbums(answer.cart);

export const addToServerCart = (albumId: string) =>
  request('/api/cart/add', commerce.addToCart.answer, { method: 'POST', body: { albumId, userSelectedSubscriber: false } }).then(cartOf);

export const removeFromServerCart = (albumId: string) =>
  request(`/api/cart/${encodeURIComponent(albumId)}`, commerce.removeFromCart.answer, { method: 'DELETE' }).then(cartOf);

export const clearServerCart = () => request('/api/cart/clear', commerce.clearCart.answer, { method: 'POST' }).then(cartOf);
