import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readStream } from '../../functions/platform/event-store.js';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { deliverWebhook, mailTo, newPerson, paidBuyer, type SandboxEvent } from '../support/commerce.js';
import { signedInAdmin } from '../support/signed-in.js';

const ALBUM = 'album-after-hours';

beforeAll(() => useCloudEnv());

const sandboxEvents = async (): Promise<SandboxEvent[]> =>
  ((await (await fetch(`${inject('stripeSandboxUrl')}/sandbox/events`)).json()) as { events: SandboxEvent[] }).events;

describe('refunds', () => {
  it('refunds a purchase once through Stripe, however often it is asked and delivered, and takes the album back', async () => {
    const [admin, { buyer, orderId, link, checkoutEvent }] = await Promise.all([signedInAdmin(), paidBuyer(ALBUM)]);
    expect((await buyer.api(`/api/albums/${ALBUM}/tracks`)).body.hasAccess).toBe(true);

    const listed = await admin.call(`/api/admin/purchases?userId=${buyer.userId}`);
    expect(listed.body).toEqual({
      purchases: [expect.objectContaining({ orderId, albumId: ALBUM, title: 'After Hours', purchasePrice: 9.99 })],
      nextCursor: null,
    });

    // A double click: both answer the one refund Stripe made.
    const clicks = await Promise.all([1, 2].map(() => admin.call(`/api/admin/purchases/${orderId}/refund`, { method: 'POST' })));
    expect(clicks.map((c) => c.status)).toEqual([200, 200]);
    expect(clicks[0].body).toMatchObject({ orderId, amount: 9.99, albums: [{ albumId: ALBUM, title: 'After Hours' }] });
    expect(clicks[0].body.stripeRefundId).toMatch(/^re_/);
    expect(clicks[1].body.stripeRefundId).toBe(clicks[0].body.stripeRefundId);

    // The album leaves the purchases and downloads, the old link stops working, and access follows.
    await eventually(async () => (await buyer.api('/api/purchases')).body.purchases.length === 0);
    expect((await buyer.api('/api/library/purchased-albums')).body).toEqual([]);
    expect(await buyer.api(link, { redirect: 'manual' })).toMatchObject({ status: 403, body: { error: 'not_purchased' } });
    expect((await buyer.api(`/api/albums/${ALBUM}/tracks`)).body.hasAccess).toBe(false);
    expect((await admin.call(`/api/admin/purchases?userId=${buyer.userId}`)).body.purchases).toEqual([]);

    // Stripe's event again (the same one, and another of the same refund), and the old payment event after it.
    const paymentIntent = checkoutEvent.data.object.payment_intent;
    const ours = (await sandboxEvents()).filter((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === paymentIntent);
    expect(ours).toHaveLength(1);
    const again = JSON.stringify(ours[0]);
    const another = JSON.stringify({ ...ours[0], id: `evt_${randomUUID().replace(/-/g, '')}` });
    const late = JSON.stringify(checkoutEvent);
    const answers = await Promise.all([again, another, again, late].map((payload) => deliverWebhook(payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);

    const order = await readStream(`order#${orderId}`);
    expect(order.map((e) => e.type)).toEqual([
      'CheckoutStarted',
      'PurchaseCompleted',
      'PaymentFeeRecorded',
      'RefundRequested',
      'PurchaseRefunded',
    ]);
    expect(order.find((e) => e.type === 'RefundRequested')?.meta.actor).toBe(admin.userId);
    expect(order.find((e) => e.type === 'PurchaseRefunded')?.meta.actor).toBe('stripe');
    await new Promise((r) => setTimeout(r, 1000));
    expect((await buyer.api('/api/purchases')).body.purchases).toEqual([]);

    // One refund mail, whatever the deliveries.
    const mails = await eventually(async () => {
      const found = (await mailTo(buyer.email)).filter((m) => m.subject.includes('refund'));
      return found.length ? found : null;
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mailTo(buyer.email)).filter((m) => m.subject.includes('refund'))).toHaveLength(1);
    expect(mails[0].text).toContain('$9.99');
    expect(mails[0].text).toContain('After Hours');

    // Asked once more, it answers the refunded order without asking Stripe again.
    const later = await admin.call(`/api/admin/purchases/${orderId}/refund`, { method: 'POST' });
    expect(later.body).toMatchObject({ orderId, status: 'refunded', stripeRefundId: null });
  });

  it('refuses an unknown order, an unpaid one, and anyone but an admin', async () => {
    const [admin, buyer] = await Promise.all([signedInAdmin(), newPerson('unpaid')]);
    expect((await admin.call(`/api/admin/purchases/order-${randomUUID()}/refund`, { method: 'POST' })).status).toBe(404);
    const started = await buyer.api('/api/cart/checkout', {
      method: 'POST',
      json: { cartItems: [{ albumId: ALBUM }], includeSubscription: false },
    });
    expect(await admin.call(`/api/admin/purchases/${started.body.orderId}/refund`, { method: 'POST' })).toMatchObject({
      status: 409,
      body: { error: 'order_not_paid' },
    });
    expect((await buyer.api(`/api/admin/purchases/${started.body.orderId}/refund`, { method: 'POST' })).status).toBe(403);
    expect((await buyer.api(`/api/admin/purchases?userId=${buyer.userId}`)).status).toBe(403);
    expect((await admin.call('/api/admin/purchases')).status).toBe(400);
  });
});
