import { beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { eventLog } from '../../statements/domain/ledger-events.fixtures.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { project } from '../../platform/projection.js';
import { albumKey, artistKey } from '../../catalogue/projections/catalogue.js';
import { daysOf, levelsAt, periodFigures, previousPeriod } from './rollups-figures.js';
import {
  ROLLUP_DAY_SHARDS,
  ROLLUP_LEVEL_MONTHS,
  rollupDayPartitions,
  rollupLevelDaysPartition,
  rollupLevelsKey,
  rollupsProjection,
} from './rollups.js';
import { emptySketch, estimate, mergeSketch, sketchPoint } from './rollups-sketch.js';

let log = eventLog();
const at = (day: string) => `${day}T12:00:00.000Z`;
const stored = (streamId: string, event: NewEvent, day: string) => log.stored(streamId, event, at(day));

const album = { albumId: 'a1', title: 'Night Drive', artistId: 'nova', artistName: 'Nova', tracks: [{ id: 't1', title: 'Intro' }] };
const orderAlbum = { albumId: 'a1', title: 'Night Drive', artistName: 'Nova', artwork: null, price: 9.99 };

async function given(events: DomainEvent[]) {
  const store = memoryViewStore();
  await store.commit('seed', 'catalogue', 0, 1, [
    { kind: 'put', item: { ...albumKey('a1'), ...album } },
    { kind: 'put', item: { ...artistKey('nova'), name: 'Nova' } },
  ]);
  for (const event of events) await project(rollupsProjection, store, event);
  const items = Object.values(store.snapshot());
  const partition = (pk: string) => items.filter((i) => i.pk === pk);
  const levelsAtEnd = (day: string) =>
    levelsAt(
      items.find((i) => i.pk === rollupLevelsKey.pk && i.sk === rollupLevelsKey.sk),
      [
        ...partition(rollupLevelDaysPartition(day.slice(0, 7))).filter((i) => i.sk > day),
        ...partition(ROLLUP_LEVEL_MONTHS).filter((i) => i.sk > day.slice(0, 7)),
      ],
    );
  const figures = (from: string, to: string) =>
    periodFigures(
      { from, to },
      daysOf(from, to).map((day) => ({ day, items: rollupDayPartitions(day).flatMap(partition) })),
      levelsAtEnd(daysOf(previousPeriod(from, to).to, previousPeriod(from, to).to)[0]),
      levelsAtEnd(to),
    );
  return { store, figures };
}

const play = (listenerId: string, day: string, playDuration = 30) =>
  stored(
    `plays#${listenerId}#${day}`,
    { type: 'PlayRecorded', data: { trackId: 't1', albumId: 'a1', listenerId, userId: listenerId, playDuration, trackLength: 200 } },
    day,
  );
const paid = (orderId: string, day: string): DomainEvent[] => [
  log.purchase(orderId, orderAlbum, at(day), { email: 'f@example.com' }),
  log.fee(orderId, [{ albumId: 'a1', feeCents: 59 }], at(day), 999),
];
const subscription = (userId: string, amount: number, day: string, trial = false) => log.subscribed(userId, amount, at(day), { trial });
const registered = (userId: string, day: string) =>
  stored(
    `user#${userId}`,
    { type: 'UserRegistered', data: { userId, email: `${userId}@example.com`, username: null, displayName: null, source: 'email_code' } },
    day,
  );

const completed = (listenerId: string, day: string) =>
  stored(
    `play-reports#${listenerId}#${day}`,
    {
      type: 'PlayCompleted',
      data: { trackId: 't1', albumId: 'a1', listenerId, userId: null, startedAt: at(day), playDuration: 199, trackLength: 200 },
    },
    day,
  );
const refused = (listenerId: string, day: string, reason: 'repeat' | 'no_token') =>
  stored(
    `play-reports#${listenerId}#${day}`,
    { type: 'PlayRefused', data: { trackId: 't1', albumId: 'a1', listenerId, userId: null, reason } },
    day,
  );

describe('the rollups', () => {
  beforeEach(() => (log = eventLog()));

  it("count a counted play's end as a completed play, and refused reports as suspicious plays by reason, never as plays", async () => {
    const { figures } = await given([
      play('l1', '2026-03-01'),
      completed('l1', '2026-03-01'),
      refused('l1', '2026-03-01', 'repeat'),
      refused('l1', '2026-03-01', 'repeat'),
      refused('l2', '2026-03-01', 'no_token'),
    ]);
    const f = figures('2026-03-01', '2026-03-01');
    expect(f.plays).toMatchObject({ total: 1, completed: 1, completedShare: 1, uniqueListeners: 1 });
    expect(f.plays.tracks[0]).toMatchObject({ trackId: 't1', plays: 1, completedPlays: 1 });
    expect(f.plays.suspicious).toEqual({
      total: 3,
      reasons: [
        { reason: 'repeat', count: 2 },
        { reason: 'no_token', count: 1 },
      ],
    });
  });

  it('count plays, completed plays and unique listeners per day and over a range', async () => {
    const { figures } = await given([
      play('l1', '2026-03-01'),
      play('l1', '2026-03-01', 200),
      play('l2', '2026-03-02'),
      play('l1', '2026-03-02'),
    ]);
    const f = figures('2026-03-01', '2026-03-02');
    expect(f.plays).toMatchObject({ total: 4, completed: 1, completedShare: 0.25, uniqueListeners: 2 });
    expect(f.days.map((d) => [d.day, d.plays, d.uniqueListeners])).toEqual([
      ['2026-03-01', 2, 1],
      ['2026-03-02', 2, 2],
    ]);
    expect(f.plays.albums).toEqual([{ albumId: 'a1', title: 'Night Drive', artistName: 'Nova', plays: 4, completedPlays: 1 }]);
    expect(f.plays.artists).toEqual([{ artistId: 'nova', name: 'Nova', plays: 4, completedPlays: 1 }]);
    expect(f.plays.tracks[0]).toMatchObject({ trackId: 't1', title: 'Intro', plays: 4 });
  });

  it("read and write a listener's sketch point at their first play of a day only: a later one cannot raise it", async () => {
    const store = memoryViewStore();
    await store.commit('seed', 'catalogue', 0, 1, [{ kind: 'put', item: { ...albumKey('a1'), ...album } }]);
    const reads: string[] = [];
    const views = { get: (key: { pk: string; sk: string }) => (reads.push(key.sk), store.get(key)) };
    const [first, second] = [play('l1', '2026-03-01'), play('l1', '2026-03-01')];
    expect(second.version).toBe(2);
    const sketchOps = (ops: Awaited<ReturnType<typeof rollupsProjection.apply>>) =>
      ops.filter((op) => op.kind === 'put' && String(op.item.sk).startsWith('sketch#'));

    expect(sketchOps(await rollupsProjection.apply(first, views))).toHaveLength(1);
    expect(reads.filter((sk) => sk.startsWith('sketch#'))).toHaveLength(1);
    expect(sketchOps(await rollupsProjection.apply(second, views))).toHaveLength(0);
    expect(reads.filter((sk) => sk.startsWith('sketch#'))).toHaveLength(1);
    // A play in a stream that is not that listener's of that day (none is written so, but the rule must not assume it) reads.
    await rollupsProjection.apply({ ...second, streamId: 'plays#l1#2026-02-28' }, views);
    expect(reads.filter((sk) => sk.startsWith('sketch#'))).toHaveLength(2);
  });

  it("spread a day's plays over its shards, and add the shards up again", async () => {
    const listeners = Array.from({ length: 60 }, (_, i) => `l${i}`);
    const { store, figures } = await given(listeners.map((l) => play(l, '2026-03-01')));
    const written = new Set(
      Object.values(store.snapshot())
        .filter((i) => rollupDayPartitions('2026-03-01').includes(i.pk) && i.sk.startsWith('album#'))
        .map((i) => i.pk),
    );
    expect(written.size).toBeGreaterThan(ROLLUP_DAY_SHARDS / 2);
    const f = figures('2026-03-01', '2026-03-01');
    expect(f.plays.total).toBe(60);
    expect(f.days[0].plays).toBe(60);
    expect(f.plays.artists).toEqual([{ artistId: 'nova', name: 'Nova', plays: 60, completedPlays: 0 }]);
    expect(Math.abs(f.plays.uniqueListeners - 60)).toBeLessThanOrEqual(6);
  });

  it('count a day written before only albums counted plays once: its label and artist figures are not added again', () => {
    // Such a day held the same plays on its album, artist and label items.
    const legacy = [
      { pk: 'rollups#day#2026-02-01', sk: 'label', plays: 3, completedPlays: 1, merchOrders: 1, merchCents: 2500 },
      { pk: 'rollups#day#2026-02-01', sk: 'artist#nova', artistId: 'nova', name: 'Nova', plays: 3, completedPlays: 1, merchCents: 2500 },
      {
        pk: 'rollups#day#2026-02-01',
        sk: 'album#a1',
        albumId: 'a1',
        title: 'Night Drive',
        artistId: 'nova',
        artistName: 'Nova',
        plays: 3,
        completedPlays: 1,
      },
    ];
    const f = periodFigures({ from: '2026-02-01', to: '2026-02-01' }, [{ day: '2026-02-01', items: legacy }], {}, {});
    expect(f.plays).toMatchObject({ total: 3, completed: 1 });
    expect(f.days[0]).toMatchObject({ plays: 3, merchOrders: 1, merchCents: 2500 });
    expect(f.plays.artists).toEqual([{ artistId: 'nova', name: 'Nova', plays: 3, completedPlays: 1 }]);
    expect(f.merch).toEqual({ orders: 1, revenueCents: 2500 });
  });

  it('count sales with their fee and refunds in cents, per album and artist, net of both', async () => {
    const sales = [...paid('o1', '2026-03-01'), ...paid('o2', '2026-03-02')];
    const refund = log.refund('o1', [orderAlbum], 9.99, at('2026-03-03'), { email: 'f@example.com' });
    const { figures } = await given([...sales, refund]);
    const f = figures('2026-03-01', '2026-03-03');
    // Two sales of $9.99 with a $0.59 fee each, one refunded: the same figures for the label and for its one artist.
    const totals = { albumsSold: 2, grossCents: 1998, feeCents: 118, albumsRefunded: 1, refundCents: 999, netCents: 881 };
    expect(f.sales).toMatchObject({ ...totals, albumsWithoutFee: 0 });
    expect(f.sales.artists).toEqual([{ artistId: 'nova', name: 'Nova', ...totals, merchCents: 0 }]);
    expect(figures('2026-03-03', '2026-03-03').sales).toMatchObject({ grossCents: 0, refundCents: 999, netCents: -999 });
  });

  it('keep members per tier and monthly recurring revenue at any day, trials paying from their first renewal', async () => {
    const history = [
      registered('u1', '2026-02-01'),
      registered('u2', '2026-02-01'),
      registered('u3', '2026-03-01'),
      subscription('u1', 10, '2026-03-05'),
      subscription('u2', 5, '2026-03-06', true),
    ];
    const renewed = stored(
      'user#u2',
      {
        type: 'SubscriptionRenewed',
        data: { userId: 'u2', stripeSubscriptionId: 'sub-u2', invoiceId: 'in', currentPeriodEnd: at('2026-05-01') },
      },
      '2026-04-01',
    );
    const ended = stored(
      'user#u1',
      { type: 'SubscriptionEnded', data: { userId: 'u1', stripeSubscriptionId: 'sub-u1', endedAt: at('2026-04-10') } },
      '2026-04-10',
    );
    const { figures } = await given([...history, renewed, ended]);
    const march = figures('2026-03-01', '2026-03-31');
    expect(march.membership).toMatchObject({
      activeMembers: 2,
      payingMembers: 1,
      mrrCents: 1000,
      newMembers: 2,
      trials: 1,
      couponUses: 1,
      accountsOpened: 1,
    });
    // Two free accounts at the start, one opened during the month, two of them converted.
    expect(march.membership.conversionRate).toBeCloseTo(2 / 3);
    expect(march.membership.tiers.map((t) => [t.tierDollars, t.activeMembers, t.mrrCents])).toEqual([
      [5, 1, 0],
      [10, 1, 1000],
      [20, 0, 0],
    ]);
    expect(figures('2026-04-01', '2026-04-30').membership).toMatchObject({
      activeMembers: 1,
      payingMembers: 1,
      mrrCents: 500,
      endedMembers: 1,
    });
    expect(figures('2026-02-01', '2026-02-28').membership).toMatchObject({ activeMembers: 0, mrrCents: 0 });
  });

  it('move a member who changes plan from the old tier to the new one from that day, paying or in a trial as before', async () => {
    const switched = (userId: string, previousAmount: number, amount: number, day: string) =>
      stored(
        `user#${userId}`,
        {
          type: 'SubscriptionPlanChanged',
          data: { userId, stripeSubscriptionId: `sub-${userId}`, previousAmount, amount, observedAt: at(day) },
        },
        day,
      );
    const { figures } = await given([
      subscription('u1', 5, '2026-03-05'),
      subscription('u2', 5, '2026-03-06', true),
      switched('u1', 5, 10, '2026-04-02'),
      switched('u2', 5, 20, '2026-04-03'),
    ]);
    const tiers = (from: string, to: string) =>
      figures(from, to).membership.tiers.map((t) => [t.tierDollars, t.activeMembers, t.payingMembers, t.mrrCents]);
    expect(tiers('2026-03-01', '2026-03-31')).toEqual([
      [5, 2, 1, 500],
      [10, 0, 0, 0],
      [20, 0, 0, 0],
    ]);
    expect(tiers('2026-04-01', '2026-04-30')).toEqual([
      [5, 0, 0, 0],
      [10, 1, 1, 1000],
      [20, 1, 0, 0],
    ]);
    expect(figures('2026-04-01', '2026-04-30').membership).toMatchObject({ activeMembers: 2, mrrCents: 1000, newMembers: 0 });
  });

  it('count merch orders and revenue, and each artist their lines', async () => {
    const order = stored(
      'merch-order#m1',
      {
        type: 'MerchOrderPlaced',
        data: {
          orderId: 'm1',
          orderName: '#1001',
          placedAt: at('2026-03-02'),
          currency: 'USD',
          lines: [{ productId: 'p', variantId: 'v', title: 'Tee', quantity: 1, unitPriceCents: 2500, artistId: 'nova' }],
          subtotalCents: 2500,
          shippingCents: 500,
          taxCents: 0,
          totalCents: 3000,
          webhookId: 'w',
        },
      },
      '2026-03-02',
    );
    const { figures } = await given([order]);
    const f = figures('2026-03-01', '2026-03-07');
    expect(f.merch).toEqual({ orders: 1, revenueCents: 2500 });
    expect(f.sales.artists[0]).toMatchObject({ artistId: 'nova', merchCents: 2500, grossCents: 0 });
  });

  it('are the same whatever the number of deliveries', async () => {
    const events = [play('l1', '2026-03-01'), ...paid('o1', '2026-03-01')];
    const once = await given(events);
    const twice = await given(events);
    for (const event of events) expect(await project(rollupsProjection, twice.store, event)).toBe('skipped');
    expect(twice.store.snapshot()).toEqual(once.store.snapshot());
  });
});

describe('the unique-listener sketch', () => {
  it('estimates distinct listeners within a few percent, and merges days without counting anyone twice', () => {
    const a = mergeSketch(
      emptySketch(),
      Array.from({ length: 5000 }, (_, i) => sketchPoint(`listener-${i}`)),
    );
    const b = mergeSketch(
      emptySketch(),
      Array.from({ length: 5000 }, (_, i) => sketchPoint(`listener-${i + 2500}`)),
    );
    expect(Math.abs(estimate(a) - 5000) / 5000).toBeLessThan(0.15);
    const both = mergeSketch(
      [...a],
      b.map((rank, register) => ({ register, rank })),
    );
    expect(Math.abs(estimate(both) - 7500) / 7500).toBeLessThan(0.15);
    expect(
      estimate(
        mergeSketch(emptySketch(), [
          sketchPoint('listener-1'),
          sketchPoint('listener-2'),
          sketchPoint('listener-3'),
          sketchPoint('listener-1'),
        ]),
      ),
    ).toBe(3);
  });
});
