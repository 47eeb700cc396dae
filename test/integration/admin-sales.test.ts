import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newArtist, readyDraft } from '../support/catalogue.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { paidBuyer, type Person } from '../support/commerce.js';
import { signedInAdmin, signedInListener, type TestAdmin } from '../support/signed-in.js';

let admin: TestAdmin;
let albumId: string;
let title: string;
const buyers: { buyer: Person; orderId: string }[] = [];

beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin(['money', 'catalogue']);
  // An album of its own, so its sales are this file's two and no other test's.
  const artist = await newArtist(admin);
  ({ albumId, title } = await readyDraft(admin, artist.id, { price: 8, memberPrice: 6 }));
  expect((await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' })).status).toBe(200);
  await eventually(async () => (await api(`/api/albums/${albumId}`)).status === 200);
  // One after the other, so the second is the newer sale.
  buyers.push(await paidBuyer(albumId));
  buyers.push(await paidBuyer(albumId));
}, 120_000);

const search = (query: Record<string, string>) => admin.call(`/api/admin/sales?${new URLSearchParams(query).toString()}`);

describe('the sales search', () => {
  it('finds an order by its id, with its buyer, album, amount, date and status', async () => {
    const { buyer, orderId } = buyers[0];
    const found = await eventually(async () => {
      const res = await search({ orderId });
      return res.body.sales?.length ? res : null;
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      sales: [
        {
          orderId,
          buyer: { id: buyer.userId, email: buyer.email, displayName: buyer.email.split('@')[0] },
          albums: [expect.objectContaining({ albumId, title, price: 8 })],
          amount: 8,
          purchaseDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          status: 'paid',
          refundedAt: null,
        },
      ],
      nextCursor: null,
    });
    expect((await search({ orderId: randomUUID() })).body).toEqual({ sales: [], nextCursor: null });
  });

  it("finds a buyer's orders by their e-mail address, however it is typed; an address nobody uses finds none", async () => {
    const { buyer, orderId } = buyers[1];
    const found = await eventually(async () => {
      const res = await search({ email: `  ${buyer.email.toUpperCase()} ` });
      return res.body.sales?.length ? res : null;
    });
    expect(found.body.sales.map((s: { orderId: string }) => s.orderId)).toEqual([orderId]);
    expect(await search({ email: `nobody-${randomUUID().slice(0, 8)}@example.com` })).toMatchObject({
      status: 200,
      body: { sales: [], nextCursor: null },
    });
  });

  it("pages through an album's sales, newest first", async () => {
    await eventually(async () => (await search({ albumId })).body.sales?.length === 2);
    const first = await search({ albumId, limit: '1' });
    expect(first.body.sales.map((s: { orderId: string }) => s.orderId)).toEqual([buyers[1].orderId]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await search({ albumId, limit: '1', cursor: first.body.nextCursor });
    expect(second.body).toMatchObject({
      sales: [{ orderId: buyers[0].orderId, buyer: { email: buyers[0].buyer.email } }],
      nextCursor: null,
    });
    expect((await search({ albumId: `album-${randomUUID()}` })).body).toEqual({ sales: [], nextCursor: null });
  });

  it('shows an order refunded once Stripe reports the refund', async () => {
    const { orderId } = buyers[0];
    expect((await admin.call(`/api/admin/purchases/${orderId}/refund`, { method: 'POST' })).status).toBe(200);
    const refunded = await eventually(async () => {
      const res = await search({ orderId });
      return res.body.sales?.[0]?.status === 'refunded' ? res.body.sales[0] : null;
    }, 30_000);
    expect(refunded.refundedAt).toEqual(expect.any(String));
    // The album's list still holds it, marked.
    expect((await search({ albumId })).body.sales.map((s: { status: string }) => s.status)).toEqual(['paid', 'refunded']);
  });

  it('refuses a search by none or by two, a malformed address and a cursor of another search, saying why', async () => {
    const refusals = await Promise.all([
      search({}),
      search({ orderId: buyers[0].orderId, email: buyers[0].buyer.email }),
      search({ email: 'not-an-address' }),
      search({ albumId, cursor: 'garbage' }),
      search({ albumId, limit: '0' }),
    ]);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body).toEqual(expect.objectContaining({ error: expect.any(String), message: expect.any(String) }));
    }
    expect(refusals[0].body.error).toBe('one_search');
    expect(refusals[3].body.error).toBe('bad_cursor');
  });

  it('is for admins who handle money alone', async () => {
    const [people, listener] = await Promise.all([signedInAdmin(['people']), signedInListener()]);
    const path = `/api/admin/sales?orderId=${buyers[1].orderId}`;
    expect(await people.call(path)).toMatchObject({ status: 403, body: { error: 'permission_required' } });
    expect((await listener.call(path)).status).toBe(403);
    expect((await api(path)).status).toBe(401);
  });
});
