import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '../../functions/dashboard/contract/admin-dashboard.js';
import { appendToStream, readStream } from '../../functions/platform/event-store.js';
import { queryViews } from '../../functions/platform/views.js';
import { rollupSummaryPartition } from '../../functions/dashboard/projections/rollups.js';
import { summaryDay } from '../../functions/dashboard/projections/rollups-summary.js';
import { closeRollupDay, closeRollupDays } from '../../functions/dashboard/scheduled/close-rollup-days.js';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { newPerson, paidBuyer, sandbox } from '../support/commerce.js';
import { qualifyingMs, reportPlay, sleep, startPlay } from '../support/plays.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';

const ALBUM = 'album-after-hours';

beforeAll(() => useCloudEnv());

const today = () => new Date().toISOString().slice(0, 10);
/** A random day of the last century, that no other test writes into. */
const pastDay = () =>
  `19${String(10 + Math.floor(Math.random() * 89))}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
const merchOrder = (day: string, totalCents: number) => {
  const orderId = `gid-${randomUUID()}`;
  return appendToStream(
    `merch-order#${orderId}`,
    0,
    [
      {
        type: 'MerchOrderPlaced',
        data: {
          orderId,
          orderName: '#1001',
          placedAt: `${day}T10:00:00.000Z`,
          currency: 'USD',
          lines: [{ productId: 'p', variantId: 'v', title: 'Tee', quantity: 1, unitPriceCents: totalCents, artistId: null }],
          subtotalCents: totalCents,
          shippingCents: 0,
          taxCents: 0,
          totalCents,
          webhookId: `w-${orderId}`,
        },
      },
    ],
    { actor: 'shopify', correlationId: randomUUID() },
  );
};
const dashboard = async (admin: TestListener, from: string, to: string) => {
  const answer = await admin.call(`/api/admin/dashboard?from=${from}&to=${to}`);
  expect(answer.status).toBe(200);
  return answer.body as DashboardAnswer;
};

describe('the label dashboard', () => {
  it("counts a purchase with Stripe's fee, a play, a new member and a merch order, beside the period before", async () => {
    const admin = await signedInAdmin();
    const day = today();
    const before = (await dashboard(admin, day, day)).current;
    const albumBefore = before.sales.albums.find((a) => a.albumId === ALBUM);

    // A purchase through the Stripe sandbox: its fee comes from the charge's balance transaction.
    const { buyer, orderId } = await paidBuyer(ALBUM);
    const order = await readStream(`order#${orderId}`);
    const fee = order.find((e) => e.type === 'PaymentFeeRecorded');
    // The sandbox's fee, as Stripe's standard card pricing: 2.9% of $9.99 rounded, plus 30¢.
    expect(fee?.data).toMatchObject({ chargeCents: 999, feeCents: 59, albums: [{ albumId: ALBUM, feeCents: 59 }], planFeeCents: 0 });

    // A play of the album by its buyer.
    const { tracks } = (await buyer.api(`/api/albums/${ALBUM}/tracks`)).body as { tracks: { id: string; duration: number }[] };
    // A play of the album by its buyer, to its end: a completed play.
    const shortest = [...tracks].sort((a, b) => a.duration - b.duration)[0];
    const played = { trackId: shortest.id, albumId: ALBUM };
    const token = await startPlay(buyer.api, played);
    await sleep(qualifyingMs(shortest.duration));
    expect((await reportPlay(buyer.api, played, token)).status).toBe(202);
    await sleep(shortest.duration * 1000 - qualifyingMs(shortest.duration) + 200);
    expect((await reportPlay(buyer.api, played, token, { ended: true })).status).toBe(202);

    // A $10 Toko+ member.
    const member = await newPerson('member');
    const started = await member.api('/api/subscription/checkout', { method: 'POST', json: { amount: 10 } });
    await sandbox(`/sandbox/checkout/sessions/${started.body.sessionId}/pay`, { email: member.email });

    const after = await eventually(async () => {
      const { current } = await dashboard(admin, day, day);
      const album = current.sales.albums.find((a) => a.albumId === ALBUM);
      const tier10 = current.membership.tiers.find((t) => t.tierDollars === 10);
      const ready =
        album &&
        album.albumsSold >= (albumBefore?.albumsSold ?? 0) + 1 &&
        album.feeCents >= (albumBefore?.feeCents ?? 0) + 59 &&
        current.plays.total >= before.plays.total + 1 &&
        current.plays.completed >= before.plays.completed + 1 &&
        tier10 &&
        tier10.newMembers >= before.membership.tiers.find((t) => t.tierDollars === 10)!.newMembers + 1;
      return ready ? current : null;
    }, 30_000);
    expect(after.sales.netCents).toBe(after.sales.grossCents - after.sales.feeCents - after.sales.refundCents);
    // MRR is a level of the whole label, which the members of files running beside this one move both ways (one who
    // leaves takes theirs out), so its check is what it is made of: each tier's paying members × its price, this one's
    // $10 member among them.
    const tier10 = after.membership.tiers.find((t) => t.tierDollars === 10)!;
    expect(tier10.payingMembers).toBeGreaterThanOrEqual(1);
    expect(tier10.mrrCents).toBe(tier10.payingMembers * 1000);
    expect(after.membership.mrrCents).toBe(after.membership.tiers.reduce((sum, t) => sum + t.mrrCents, 0));
    expect(after.plays.uniqueListeners).toBeGreaterThanOrEqual(1);
    expect(after.plays.albums.find((a) => a.albumId === ALBUM)).toMatchObject({ title: 'After Hours' });

    // A merch order appended through the event store, placed on a day of its own, counted on that day alone.
    const merchDay = `19${String(10 + Math.floor(Math.random() * 89))}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    const merchOrderId = `gid-${randomUUID()}`;
    await appendToStream(
      `merch-order#${merchOrderId}`,
      0,
      [
        {
          type: 'MerchOrderPlaced',
          data: {
            orderId: merchOrderId,
            orderName: '#1001',
            placedAt: `${merchDay}T10:00:00.000Z`,
            currency: 'USD',
            lines: [{ productId: 'p', variantId: 'v', title: 'Tee', quantity: 2, unitPriceCents: 2500, artistId: null }],
            subtotalCents: 5000,
            shippingCents: 500,
            taxCents: 0,
            totalCents: 5500,
            webhookId: `w-${merchOrderId}`,
          },
        },
      ],
      { actor: 'shopify', correlationId: randomUUID() },
    );
    const merch = await eventually(async () => {
      const answer = await dashboard(admin, merchDay, merchDay);
      return answer.current.merch.orders > 0 ? answer : null;
    });
    expect(merch.current.merch).toEqual({ orders: 1, revenueCents: 5000 });
    expect(merch.current.days).toEqual([expect.objectContaining({ day: merchDay, merchOrders: 1, merchCents: 5000 })]);
    // The previous period: the day before, the same length.
    expect(merch.previous.merch).toEqual({ orders: 0, revenueCents: 0 });
    expect(merch.previous.days).toHaveLength(1);
    expect(merch.previous.to < merchDay).toBe(true);
  });

  it('reads a closed day from its summary, and still counts a late event for it until the job closes it again', async () => {
    const admin = await signedInAdmin();
    const day = pastDay();
    const merchOn = async (orders: number) =>
      (
        await eventually(async () => {
          const answer = await dashboard(admin, day, day);
          return answer.current.merch.orders >= orders ? answer : null;
        })
      ).current.merch;
    await merchOrder(day, 2000);
    expect(await merchOn(1)).toEqual({ orders: 1, revenueCents: 2000 });

    // Closed (the job's own code, as it runs hourly): the dashboard answers the same from the summary alone.
    expect(await closeRollupDay(day, new Date())).toBe('closed');
    expect(await closeRollupDay(day, new Date())).toBe('closed already');
    expect(summaryDay(await queryViews({ pk: rollupSummaryPartition(day) }))).toBeDefined();
    expect((await dashboard(admin, day, day)).current.merch).toEqual({ orders: 1, revenueCents: 2000 });

    // A late order for the closed day marks it dirty: the dashboard adds up its shards, which count it.
    await merchOrder(day, 3000);
    expect(await merchOn(2)).toEqual({ orders: 2, revenueCents: 5000 });
    expect(summaryDay(await queryViews({ pk: rollupSummaryPartition(day) }))).toBeUndefined();

    // The job closes the dirty day again, two runs at once as well as one; the summary then counts both orders.
    const runs = await Promise.all([closeRollupDays(new Date()), closeRollupDays(new Date())]);
    expect(runs.flat()).toContain(day);
    expect(summaryDay(await queryViews({ pk: rollupSummaryPartition(day) }))).toBeDefined();
    expect((await dashboard(admin, day, day)).current.merch).toEqual({ orders: 2, revenueCents: 5000 });
  });

  it("starts as a label that has been running: the finished days of the admin's first look are closed", async () => {
    const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    // Closed in the background once the cloud is up: the last 30 days and the 30 before them, not today.
    for (const day of [dayAgo(2), dayAgo(30), dayAgo(59)])
      await eventually(async () => summaryDay(await queryViews({ pk: rollupSummaryPartition(day) })) !== undefined, 30_000);
    expect(summaryDay(await queryViews({ pk: rollupSummaryPartition(today()) }))).toBeUndefined();
  });

  it('refuses a malformed, inverted or too long range with a clear message, and anyone but an admin', async () => {
    const [admin, listener] = await Promise.all([signedInAdmin(), newPerson('curious')]);
    for (const query of [
      'from=2026-02-30&to=2026-03-01',
      'from=yesterday&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      'from=2024-01-01&to=2026-01-01',
      'to=2026-01-01',
    ]) {
      const answer = await admin.call(`/api/admin/dashboard?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await admin.call('/api/admin/dashboard?from=2026-03-02&to=2026-03-01')).body.message).toMatch(/after/);
    expect((await listener.api('/api/admin/dashboard?from=2026-03-01&to=2026-03-07')).status).toBe(403);
  });
});
