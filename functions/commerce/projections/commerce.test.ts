import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry, type DomainEvent } from '../../../events/index.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { project } from '../../platform/projection.js';
import { albumSalesIndex, commerceProjection, purchaseKey, saleAlbumKey, saleKey } from './commerce.js';

const { stored } = JSON.parse(readFileSync(new URL('../../../events/fixtures/PurchaseCompleted.v1.json', import.meta.url), 'utf8'));
const paid = (orderId: string, at: string): DomainEvent =>
  registry.upcast({
    ...stored,
    streamId: `order#${orderId}`,
    version: 1,
    data: { ...stored.data, orderId },
    meta: { ...stored.meta, eventId: `${orderId}-paid`, at },
  });

describe('the purchases view', () => {
  it('keeps the first purchase when two paid orders hold the same album, in whichever order they are projected', async () => {
    const first = paid('order-a', '2026-11-01T10:00:00.000Z');
    const second = paid('order-b', '2026-11-01T10:05:00.000Z');
    const snapshots = [];
    for (const order of [
      [first, second],
      [second, first],
    ]) {
      const store = memoryViewStore();
      for (const event of order) await project(commerceProjection, store, event);
      snapshots.push(store.snapshot());
    }
    expect(snapshots[0]).toEqual(snapshots[1]);
    const key = purchaseKey(stored.data.userId, stored.data.album.albumId);
    expect(snapshots[0][`${key.pk}|${key.sk}`]).toMatchObject({ orderId: 'order-a', purchaseDate: '2026-11-01T10:00:00.000Z' });
  });
});

describe('a refund', () => {
  const refunded = (orderId: string): DomainEvent =>
    registry.upcast({
      ...stored,
      streamId: `order#${orderId}`,
      version: 2,
      type: 'PurchaseRefunded',
      data: {
        orderId,
        userId: stored.data.userId,
        email: stored.data.email,
        albums: [stored.data.album],
        amount: 9.99,
        stripeChargeId: 'ch_1',
        stripeEventId: 'evt_refund',
      },
      meta: { ...stored.meta, eventId: `${orderId}-refunded`, at: '2026-11-02T10:00:00.000Z' },
    });
  const key = purchaseKey(stored.data.userId, stored.data.album.albumId);

  it("takes the album out of the buyer's purchases, once however often it is delivered", async () => {
    const store = memoryViewStore();
    await project(commerceProjection, store, paid('order-a', '2026-11-01T10:00:00.000Z'));
    expect(await project(commerceProjection, store, refunded('order-a'))).toBe('applied');
    expect(await project(commerceProjection, store, refunded('order-a'))).toBe('skipped');
    expect(store.snapshot()[`${key.pk}|${key.sk}`]).toBeUndefined();
  });

  it('leaves the album where another order of it is the purchase kept', async () => {
    const store = memoryViewStore();
    await project(commerceProjection, store, paid('order-a', '2026-11-01T10:00:00.000Z'));
    await project(commerceProjection, store, paid('order-b', '2026-11-01T10:05:00.000Z'));
    await project(commerceProjection, store, refunded('order-b'));
    expect(store.snapshot()[`${key.pk}|${key.sk}`]).toMatchObject({ orderId: 'order-a' });
  });
});

describe('the sales the admins search', () => {
  const event = (orderId: string, version: number, type: string, data: Record<string, unknown>, at: string): DomainEvent =>
    registry.upcast({
      ...stored,
      streamId: `order#${orderId}`,
      version,
      type,
      data,
      meta: { ...stored.meta, eventId: `${orderId}-${version}`, at },
    });
  const { userId, email, album } = stored.data;
  const second = { ...album, albumId: 'album-second', title: 'Second', price: 5 };
  const paidAlbum = (a: typeof album, version: number) =>
    event(
      'order-a',
      version,
      'PurchaseCompleted',
      { ...stored.data, orderId: 'order-a', album: a, albumsInOrder: 2 },
      '2026-11-01T10:00:00.000Z',
    );
  const sale = (store: ReturnType<typeof memoryViewStore>) => {
    const key = saleKey(userId, 'order-a');
    return store.snapshot()[`${key.pk}|${key.sk}`];
  };

  it('holds each paid order with its albums, lists it on each album, and marks it through its refund', async () => {
    const store = memoryViewStore();
    await project(commerceProjection, store, paidAlbum(album, 1));
    await project(commerceProjection, store, paidAlbum(second, 2));
    expect(sale(store)).toMatchObject({
      orderId: 'order-a',
      userId,
      albums: [
        { albumId: album.albumId, title: album.title },
        { albumId: 'album-second', title: 'Second' },
      ],
      amount: Math.round((album.price + 5) * 100) / 100,
      purchaseDate: '2026-11-01T10:00:00.000Z',
      status: 'paid',
      refundedAt: null,
    });
    const indexed = saleAlbumKey(userId, 'order-a', 'album-second');
    expect(store.snapshot()[`${indexed.pk}|${indexed.sk}`]).toMatchObject({
      gsi1pk: albumSalesIndex('album-second'),
      gsi1sk: '2026-11-01T10:00:00.000Z#order-a',
    });

    await project(
      commerceProjection,
      store,
      event(
        'order-a',
        3,
        'RefundRequested',
        { orderId: 'order-a', userId, stripeRefundId: 're_1', amount: 14.99 },
        '2026-11-02T09:00:00.000Z',
      ),
    );
    expect(sale(store)).toMatchObject({ status: 'refund_requested', refundedAt: null });
    const refund = {
      orderId: 'order-a',
      userId,
      email,
      albums: [album, second],
      amount: 14.99,
      stripeChargeId: 'ch_1',
      stripeEventId: 'evt_refund',
    };
    await project(commerceProjection, store, event('order-a', 4, 'PurchaseRefunded', refund, '2026-11-02T10:00:00.000Z'));
    expect(sale(store)).toMatchObject({ status: 'refunded', refundedAt: '2026-11-02T10:00:00.000Z' });
  });
});
