import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractAnswer, MonthStatementsAnswer } from '../../functions/statements/contract/admin-statements.js';
import { appendToStream } from '../../functions/platform/event-store.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { newArtist } from '../support/catalogue.js';
import { newPerson } from '../support/commerce.js';
import { signedInAdmin } from '../support/signed-in.js';
import { ALBUM, lineOf, memberWhoBoughtAndPlayed, statementOf, thisMonth } from '../support/statements.js';

beforeAll(() => useCloudEnv());

async function merchOrder(artistId: string | null, placedAt: string, unitPriceCents = 2500) {
  const orderId = `gid-${randomUUID()}`;
  const [stored] = await appendToStream(
    `merch-order#${orderId}`,
    0,
    [
      {
        type: 'MerchOrderPlaced',
        data: {
          orderId,
          orderName: '#1001',
          placedAt,
          currency: 'USD',
          lines: [{ productId: 'p', variantId: 'v', title: 'Tee', quantity: 2, unitPriceCents, artistId }],
          subtotalCents: unitPriceCents * 2,
          shippingCents: 500,
          taxCents: 0,
          totalCents: unitPriceCents * 2 + 500,
          webhookId: `w-${orderId}`,
        },
      },
    ],
    { actor: 'shopify', correlationId: randomUUID() },
  );
  return stored.meta.eventId;
}

describe('the artists’ payout statements', () => {
  it('counts a sale net of Stripe’s fee, the Toko+ revenue a member’s plays earn the artist, and the artist’s merch, each line naming its events', async () => {
    const admin = await signedInAdmin();
    const month = thisMonth();
    const { artistId } = (await api(`/api/albums/${ALBUM}`)).body as { artistId: string };
    const merchEvent = await merchOrder(artistId, new Date().toISOString());
    const { statement: after } = await memberWhoBoughtAndPlayed(admin, artistId, month, (s) =>
      Boolean(lineOf(s, 'merch')?.eventIds.includes(merchEvent)),
    );
    const sales = lineOf(after, 'album-sales')!;
    expect(sales).toMatchObject({
      albumTitle: 'After Hours',
      netCents: sales.grossCents - sales.feeCents - sales.refundCents,
      labelShareBasisPoints: 5000,
    });
    expect(sales.eventIds.length).toBeGreaterThanOrEqual(2);
    expect(lineOf(after, 'membership')!.memberPlays).toBeGreaterThanOrEqual(1);
    expect(lineOf(after, 'membership')!.eventIds.length).toBeGreaterThanOrEqual(1);
    expect(lineOf(after, 'merch')!.grossCents).toBeGreaterThanOrEqual(5000);
    for (const line of after.lines) expect(line.labelCents + line.artistCents).toBe(line.netCents);
    expect(after.labelCents + after.artistCents).toBe(after.netCents);

    const monthAnswer = (await admin.call(`/api/admin/statements?month=${month}`)).body as MonthStatementsAnswer;
    expect(monthAnswer.closedAt).toBeNull();
    expect(monthAnswer.artists.find((a) => a.artistId === artistId)).toMatchObject({
      netCents: expect.any(Number),
      name: expect.any(String),
    });
    const shares = monthAnswer.artists.reduce((sum, a) => sum + a.artistCents, 0);
    expect(shares + monthAnswer.labelCents).toBe(monthAnswer.netCents);
  }, 240_000);

  it('sets an artist’s contract, closes a month, and puts what is recorded after the closing in the next month', async () => {
    const admin = await signedInAdmin();
    // An artist of its own, whose terms no other file sets, and a month of its own, long past, so no other test writes in it.
    const { id: artistId } = await newArtist(admin);
    const month = `19${String(10 + Math.floor(Math.random() * 89))}-${String(1 + Math.floor(Math.random() * 11)).padStart(2, '0')}`;
    const next = `${month.slice(0, 5)}${String(Number(month.slice(5)) + 1).padStart(2, '0')}`;

    const set = await admin.call(`/api/admin/contracts/${artistId}`, {
      method: 'PUT',
      json: { sales: 5000, membership: 5000, merch: 3000 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ artistId, terms: { sales: 5000, membership: 5000, merch: 3000 } });

    // The waits below allow for the projectors' lag when the whole suite loads the cloud, which can take well over 30 s.
    const first = await merchOrder(artistId, `${month}-10T10:00:00.000Z`, 1001);
    const open = await eventually(async () => {
      const s = await statementOf(admin, artistId, month);
      return s.lines.length ? s : null;
    }, 90_000);
    // 20.02 at 30% to the label: 600.6 → 601 to the label, the rest to the artist.
    expect(open.lines).toEqual([
      expect.objectContaining({ kind: 'merch', netCents: 2002, labelCents: 601, artistCents: 1401, eventIds: [first] }),
    ]);

    // The month under way cannot be closed yet (the page offers no button for it); a past one can.
    const early = await admin.call('/api/admin/statements/closings', { method: 'POST', json: { month: thisMonth() } });
    expect(early).toMatchObject({ status: 400, body: { error: 'month_not_over' } });
    const closed = await admin.call('/api/admin/statements/closings', { method: 'POST', json: { month } });
    expect(closed.status).toBe(200);
    expect((await admin.call('/api/admin/statements/closings', { method: 'POST', json: { month } })).status).toBe(409);
    await eventually(async () => (await statementOf(admin, artistId, month)).closedAt);

    // Placed in the closed month, recorded after its closing: the next month's.
    const late = await merchOrder(artistId, `${month}-20T10:00:00.000Z`);
    const nextStatement = await eventually(async () => {
      const s = await statementOf(admin, artistId, next);
      return s.lines.length ? s : null;
    }, 90_000);
    expect(nextStatement.lines[0]).toMatchObject({ kind: 'merch', netCents: 5000, eventIds: [late] });
    const frozen = await statementOf(admin, artistId, month);
    expect(frozen.lines).toEqual(open.lines);
    expect((await admin.call(`/api/admin/statements?month=${month}`)).body).toMatchObject({ closedAt: expect.any(String) });
  });

  it('reads an artist’s terms: the label’s default before any contract, then each change newest first, to money admins only', async () => {
    const [admin, money, catalogue] = await Promise.all([signedInAdmin(), signedInAdmin(['money']), signedInAdmin(['catalogue'])]);
    const artist = await newArtist(admin);
    const path = `/api/admin/contracts/${artist.id}`;
    expect((await money.call(path)).body).toEqual({
      artistId: artist.id,
      terms: { sales: 5000, membership: 5000, merch: 5000 },
      isDefault: true,
      history: [],
    });
    for (const terms of [
      { sales: 4000, membership: 5000, merch: 5000 },
      { sales: 3000, membership: 2500, merch: 1000 },
    ])
      expect((await money.call(path, { method: 'PUT', json: terms })).status).toBe(200);
    const read = await eventually(async () => {
      const answer = await money.call(path);
      return (answer.body as ContractAnswer).history.length === 2 ? (answer.body as ContractAnswer) : null;
    }, 60_000);
    expect(read).toMatchObject({ terms: { sales: 3000, membership: 2500, merch: 1000 }, isDefault: false });
    expect(read.history.map((h) => h.terms.sales)).toEqual([3000, 4000]);
    expect(read.history[0].at > read.history[1].at).toBe(true);

    expect(await catalogue.call(path)).toMatchObject({ status: 403, body: { error: 'permission_required' } });
    expect((await money.call(`/api/admin/contracts/artist-${randomUUID()}`)).status).toBe(404);
  });

  it('answers an empty statement for an artist with no sales, and refuses a malformed or future month, a malformed artist and anyone but an admin', async () => {
    const [admin, listener] = await Promise.all([signedInAdmin(), newPerson('curious')]);
    const { artistId } = (await api(`/api/albums/${ALBUM}`)).body as { artistId: string };
    const empty = await statementOf(admin, artistId, '1901-01');
    expect(empty).toMatchObject({
      lines: [],
      netCents: 0,
      labelCents: 0,
      artistCents: 0,
      // The artist's terms, whatever another test set them to.
      terms: { sales: expect.any(Number), membership: expect.any(Number), merch: expect.any(Number) },
    });

    const future = new Date();
    future.setUTCMonth(future.getUTCMonth() + 2);
    for (const path of [
      '/api/admin/statements?month=2026-13',
      '/api/admin/statements?month=march',
      `/api/admin/statements?month=${future.toISOString().slice(0, 7)}`,
      `/api/admin/statements/${artistId}/2026-3`,
      `/api/admin/statements/${'x'.repeat(101)}/2026-03`,
    ]) {
      const answer = await admin.call(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await admin.call(`/api/admin/statements/artist-${randomUUID()}/2026-01`)).status).toBe(404);
    const closingNow = await admin.call('/api/admin/statements/closings', { method: 'POST', json: { month: thisMonth() } });
    expect(closingNow.status).toBe(400);
    expect(
      (await admin.call(`/api/admin/contracts/${artistId}`, { method: 'PUT', json: { sales: 10_001, membership: 0, merch: 0 } })).status,
    ).toBe(400);
    expect((await listener.api(`/api/admin/statements?month=2026-01`)).status).toBe(403);
  });
});
