import { beforeAll, describe, expect, it } from 'vitest';
import { api, useCloudEnv } from '../support/cloud.js';
import { newPerson, type Person } from '../support/commerce.js';

const FOR_SALE = 'album-paper-satellites';
const FALLBACK_PRICED = 'album-copper-and-salt';
const FREE = 'album-first-light';

describe('album cart', () => {
  let ada: Person;
  let bob: Person;
  beforeAll(async () => {
    useCloudEnv();
    [ada, bob] = await Promise.all([newPerson('ada'), newPerson('bob')]);
  });

  it('adds an album with the catalogue prices (member price from the album, else 70 %)', async () => {
    const added = await ada.api('/api/cart/add', { method: 'POST', json: { albumId: FOR_SALE, userSelectedSubscriber: false } });
    expect(added.status).toBe(200);
    expect(added.body.item).toMatchObject({
      id: FOR_SALE,
      albumId: FOR_SALE,
      type: 'album',
      basePrice: 9.99,
      subscriberPrice: 6.99,
      albumTitle: 'Paper Satellites',
    });
    const fallback = await ada.api('/api/cart/add', { method: 'POST', json: { albumId: FALLBACK_PRICED } });
    expect(fallback.body.item.subscriberPrice).toBe(6.99);
    const cart = await ada.api('/api/cart');
    expect(cart.body.map((i: { albumId: string }) => i.albumId)).toEqual([FOR_SALE, FALLBACK_PRICED]);
  });

  it('answers 409 "Album already in cart" for the same album twice', async () => {
    const again = await ada.api('/api/cart/add', { method: 'POST', json: { albumId: FOR_SALE } });
    expect(again).toMatchObject({ status: 409, body: { error: 'already_in_cart', message: 'Album already in cart' } });
  });

  it('refuses an album that is not for sale, and an unknown one', async () => {
    expect((await ada.api('/api/cart/add', { method: 'POST', json: { albumId: FREE } })).status).toBe(400);
    expect((await ada.api('/api/cart/add', { method: 'POST', json: { albumId: 'nope' } })).status).toBe(404);
  });

  it('keeps each cart to its owner; a guest has an empty cart and cannot write one', async () => {
    expect((await bob.api('/api/cart')).body).toEqual([]);
    await bob.api(`/api/cart/${FOR_SALE}`, { method: 'DELETE' });
    expect((await ada.api('/api/cart')).body).toHaveLength(2);
    expect((await api('/api/cart')).body).toEqual([]);
    expect((await api('/api/cart/add', { method: 'POST', json: { albumId: FOR_SALE } })).status).toBe(401);
  });

  it('removes one album, then clears the cart by every route the SPA uses', async () => {
    const removed = await ada.api(`/api/cart/${FALLBACK_PRICED}`, { method: 'DELETE' });
    expect(removed.body.cart.map((i: { albumId: string }) => i.albumId)).toEqual([FOR_SALE]);
    for (const [method, path] of [
      ['DELETE', '/api/cart'],
      ['DELETE', '/api/cart/clear'],
      ['POST', '/api/cart/clear'],
    ]) {
      await ada.api('/api/cart/add', { method: 'POST', json: { albumId: FALLBACK_PRICED } });
      const cleared = await ada.api(path, { method });
      expect(cleared).toMatchObject({ status: 200, body: { success: true, cart: [] } });
    }
    expect((await ada.api('/api/cart')).body).toEqual([]);
  });

  it('merges a guest cart: invalid and unsellable items dropped, duplicates once', async () => {
    const carol = await newPerson('carol');
    await carol.api('/api/cart/add', { method: 'POST', json: { albumId: FOR_SALE } });
    const synced = await carol.api('/api/cart/sync', {
      method: 'POST',
      json: {
        guestCartItems: [
          { albumId: FOR_SALE, albumTitle: 'Paper Satellites', price: '9.99' },
          { albumId: 'album-after-hours', albumTitle: 'After Hours', price: 'abc' },
          { albumId: 'album-after-hours', albumTitle: 'After Hours', price: 9.99 },
          { albumTitle: 'no id' },
          { albumId: FREE, albumTitle: 'First Light', price: 0 },
        ],
      },
    });
    expect(synced).toMatchObject({ status: 200, body: { syncedItems: 1 } });
    expect(synced.body.cart.map((i: { albumId: string }) => i.albumId)).toEqual([FOR_SALE, 'album-after-hours']);
  });
});
