/** POST /api/cart/add, DELETE /api/cart/{id} and POST /api/cart/clear: each answers with the cart as it is now. */
import { request } from '../../../lib/http';
import { cartChangeSchema } from './cart-schema';

export const addToServerCart = (albumId: string) =>
  request('/api/cart/add', cartChangeSchema, { method: 'POST', body: { albumId, userSelectedSubscriber: false } });

export const removeFromServerCart = (albumId: string) =>
  request(`/api/cart/${encodeURIComponent(albumId)}`, cartChangeSchema, { method: 'DELETE' });

export const clearServerCart = () => request('/api/cart/clear', cartChangeSchema, { method: 'POST' });
