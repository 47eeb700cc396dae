import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../events/index.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { project } from '../../platform/projection.js';
import { albumKey } from '../../catalogue/projections/catalogue.js';
import { STATEMENT_CONTRACTS, statementMonthPartition, statementsFromViews, statementsProjection } from '../projections/statements.js';
import { ledgerFacts } from './facts.js';
import { eventLog } from './ledger-events.fixtures.js';
import { statementLog, statementsOfMonth } from './from-log.js';
import { monthStatements, openMonthFor, splitByTerms, DEFAULT_TERMS } from './statement.js';

const albumArtists = new Map([
  ['album-a1', 'artist-a'],
  ['album-a2', 'artist-a'],
  ['album-b1', 'artist-b'],
  ['album-c1', 'artist-c'],
]);
const albums = [...albumArtists.keys()];
const artists = [...new Set(albumArtists.values())];
const NOW = '2027-01-01T00:00:00.000Z';

/** Events with unique ids, numbered per stream, in the order given: `make(streamId, type, data, at)` and the ledger's builders. */
function history() {
  const log = eventLog();
  return Object.assign((streamId: string, type: string, data: unknown, at: string) => log.stored(streamId, { type, data }, at), log);
}

const albumRef = (albumId: string, price: number) => ({ albumId, title: albumId, artistName: null, artwork: '/a.png', price });

/** One step of a random history: what happens, on which day of the months 2026-01…2026-04. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('buy' as const),
    albums: fc.uniqueArray(fc.constantFrom(...albums), { minLength: 1, maxLength: 3 }),
    cents: fc.integer({ min: 100, max: 2500 }),
    fee: fc.integer({ min: 0, max: 200 }),
    refund: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('join' as const),
    user: fc.integer({ min: 1, max: 4 }),
    tier: fc.constantFrom(5, 10, 20),
    trial: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('renew' as const), user: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('switch' as const), user: fc.integer({ min: 1, max: 4 }), tier: fc.constantFrom(5, 10, 20) }),
  fc.record({ kind: fc.constant('leave' as const), user: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('play' as const), user: fc.integer({ min: 1, max: 5 }), album: fc.constantFrom(...albums) }),
  fc.record({
    kind: fc.constant('merch' as const),
    lines: fc.array(
      fc.record({
        artist: fc.constantFrom(...artists, null),
        cents: fc.integer({ min: 0, max: 5000 }),
        qty: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    discount: fc.integer({ min: 0, max: 500 }),
  }),
  fc.record({
    kind: fc.constant('contract' as const),
    artist: fc.constantFrom(...artists),
    bp: fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 })),
  }),
  fc.record({ kind: fc.constant('close' as const) }),
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** The steps as events, a day apart from 2026-01-01, closing the month before the current one on `close`. */
function eventsOf(steps: Step[]): DomainEvent[] {
  const make = history();
  const events: DomainEvent[] = [];
  steps.forEach((s, i) => {
    const at = new Date(Date.UTC(2026, 0, 1 + Math.floor((i * 120) / Math.max(steps.length, 1)), 12)).toISOString();
    const user = 'user' in s ? `user-${s.user}` : '';
    switch (s.kind) {
      case 'buy': {
        const orderId = `order-${i}`;
        const prices = s.albums.map((a, k) => ({ a, price: (s.cents + k * 37) / 100 }));
        for (const { a, price } of prices)
          events.push(
            make.purchase(orderId, albumRef(a, price), at, {
              userId: 'user-1',
              stripeEventId: `evt-${i}-${a}`,
              albumsInOrder: prices.length,
            }),
          );
        const feeEach = prices.map((_, k) => (k === 0 ? s.fee : 0));
        events.push(
          make.fee(
            orderId,
            prices.map(({ a }, k) => ({ albumId: a, feeCents: feeEach[k] })),
            at,
          ),
        );
        if (s.refund)
          events.push(
            make.refund(
              orderId,
              prices.map(({ a, price }) => albumRef(a, price)),
              prices[0].price,
              at,
              { userId: 'user-1', stripeEventId: `evt-r-${i}` },
            ),
          );
        break;
      }
      case 'join':
        events.push(make.subscribed(user, s.tier, at, { subscriptionId: `sub-${user}-${i}`, trial: s.trial }));
        break;
      case 'renew':
      case 'switch':
      case 'leave': {
        const started = events.filter(
          (e): e is Extract<DomainEvent, { type: 'SubscriptionStarted' }> => e.type === 'SubscriptionStarted' && e.data.userId === user,
        );
        const sub = started.at(-1)?.data.stripeSubscriptionId ?? `sub-unknown-${i}`;
        if (s.kind === 'switch') {
          const amounts = events.flatMap((e) =>
            (e.type === 'SubscriptionStarted' || e.type === 'SubscriptionPlanChanged') && e.data.stripeSubscriptionId === sub
              ? [e.data.amount]
              : [],
          );
          const previousAmount = amounts.at(-1) ?? 5;
          if (previousAmount !== s.tier)
            events.push(
              make(
                `user#${user}`,
                'SubscriptionPlanChanged',
                { userId: user, stripeSubscriptionId: sub, previousAmount, amount: s.tier, observedAt: at },
                at,
              ),
            );
        } else if (s.kind === 'renew')
          events.push(
            make(
              `user#${user}`,
              'SubscriptionRenewed',
              { userId: user, stripeSubscriptionId: sub, invoiceId: `in-${i}`, currentPeriodEnd: at },
              at,
            ),
          );
        else events.push(make(`user#${user}`, 'SubscriptionEnded', { userId: user, stripeSubscriptionId: sub, endedAt: at }, at));
        break;
      }
      case 'play':
        events.push(
          make(
            `plays#${user}#${at.slice(0, 10)}`,
            'PlayRecorded',
            { trackId: `${s.album}-t1`, albumId: s.album, listenerId: user, userId: user, playDuration: 60, trackLength: 200 },
            at,
          ),
        );
        break;
      case 'merch': {
        const lines = s.lines.map((l, k) => ({
          productId: `p${k}`,
          variantId: `v${k}`,
          title: 'Tee',
          quantity: l.qty,
          unitPriceCents: l.cents,
          artistId: l.artist,
        }));
        const items = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        const subtotalCents = Math.max(0, items - s.discount);
        events.push(
          make(
            `merch-order#m-${i}`,
            'MerchOrderPlaced',
            {
              orderId: `m-${i}`,
              orderName: `#${i}`,
              placedAt: at,
              currency: 'USD',
              lines,
              subtotalCents,
              shippingCents: 0,
              taxCents: 0,
              totalCents: subtotalCents,
              webhookId: `w-${i}`,
            },
            at,
          ),
        );
        break;
      }
      case 'contract':
        events.push(
          make(
            `contract#${s.artist}`,
            'ArtistContractSet',
            { artistId: s.artist, labelShareBasisPoints: { sales: s.bp[0], membership: s.bp[1], merch: s.bp[2] } },
            at,
          ),
        );
        break;
      case 'close': {
        const d = new Date(at);
        const previous = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
        events.push(make(`statement#${previous}`, 'StatementClosed', { month: previous }, at));
        break;
      }
    }
  });
  return events;
}

/** Net revenue of the facts, whatever month they land in: album sales less fees and refunds, payments, merch. */
function netOfLog(events: DomainEvent[]): number {
  const tiers = new Map<string, number>();
  let net = 0;
  for (const e of events)
    for (const f of ledgerFacts(e)) {
      if (f.kind === 'album-sold') net += f.grossCents;
      if (f.kind === 'album-fee') net -= f.feeCents;
      if (f.kind === 'album-refunded') net -= f.refundCents;
      if (f.kind === 'member-joined') {
        tiers.set(f.subscriptionId, f.tierDollars * 100);
        if (!f.trial) net += f.tierDollars * 100;
      }
      if (f.kind === 'member-switched' && tiers.has(f.subscriptionId)) tiers.set(f.subscriptionId, f.tierDollars * 100);
      if (f.kind === 'member-renewed') net += tiers.get(f.subscriptionId) ?? 0;
      if (f.kind === 'merch-ordered') net += f.revenueCents;
    }
  return net;
}

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];

describe('statements: money', () => {
  it('splits a line by the contract, a half cent to the label, and a negative net the same way on its size', () => {
    expect(splitByTerms(1001, 5000)).toEqual({ labelCents: 501, artistCents: 500 });
    expect(splitByTerms(999, 3000)).toEqual({ labelCents: 300, artistCents: 699 });
    expect(splitByTerms(-1001, 5000)).toEqual({ labelCents: -501, artistCents: -500 });
    expect(splitByTerms(0, 2500)).toEqual({ labelCents: 0, artistCents: 0 });
  });

  it('lands a fact of a closed month in the first open month after it', () => {
    const closed = new Set(['2026-01', '2026-02']);
    expect(openMonthFor('2026-01-31', (m) => closed.has(m))).toBe('2026-03');
    expect(openMonthFor('2026-12-02', () => false)).toBe('2026-12');
  });

  it('splits the month’s Toko+ revenue by members’ plays, names each line’s events, and keeps it when nobody played', () => {
    const m = monthStatements(
      '2026-03',
      [
        { kind: 'album', eventId: 'sale', artistId: 'b', albumId: 'x', grossCents: 999, feeCents: 59, refundCents: 0 },
        { kind: 'membership', eventId: 'pay1', revenueCents: 1000 },
        { kind: 'membership', eventId: 'pay2', revenueCents: 500 },
        { kind: 'member-plays', artistId: 'a', plays: 2 },
        { kind: 'member-plays', artistId: 'b', plays: 1 },
        { kind: 'merch', eventId: 'tee', artistId: 'a', revenueCents: 2500 },
        { kind: 'merch', eventId: 'tote', artistId: null, revenueCents: 1200 },
      ],
      (artistId) => (artistId === 'a' ? { sales: 5000, membership: 2000, merch: 7000 } : DEFAULT_TERMS),
    );
    expect(m.artists.map((a) => [a.artistId, a.lines.map((l) => [l.kind, l.netCents, l.labelCents, l.artistCents, l.eventIds])])).toEqual([
      [
        'a',
        [
          ['membership', 1000, 200, 800, ['pay1', 'pay2']],
          ['merch', 2500, 1750, 750, ['tee']],
        ],
      ],
      [
        'b',
        [
          ['album-sales', 940, 470, 470, ['sale']],
          ['membership', 500, 250, 250, ['pay1', 'pay2']],
        ],
      ],
    ]);
    expect(m.labelOnly).toEqual({ membershipCents: 0, merchCents: 1200, eventIds: ['tote'] });
    expect(m.netCents).toBe(940 + 1500 + 2500 + 1200);
    expect(
      monthStatements('2026-03', [{ kind: 'membership', eventId: 'p', revenueCents: 500 }], () => DEFAULT_TERMS).labelOnly.membershipCents,
    ).toBe(500);
  });

  it('property: in every month the artists’ shares plus the label’s equal the month’s net revenue, and no cent is lost between months', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const events = eventsOf(steps);
        const log = statementLog(events, albumArtists);
        let total = 0;
        for (const month of MONTHS) {
          const m = statementsOfMonth(log, month, NOW);
          const artistsCents = m.artists.reduce((s, a) => s + a.artistCents, 0);
          expect(artistsCents + m.labelCents).toBe(m.netCents);
          for (const a of m.artists) for (const l of a.lines) expect(l.labelCents + l.artistCents).toBe(l.netCents);
          total += m.netCents;
        }
        expect(total).toBe(netOfLog(events));
      }),
      { numRuns: 200 },
    );
  });
});

describe('statements: closing and the stored statements', () => {
  async function stored(events: DomainEvent[]) {
    const store = memoryViewStore();
    for (const [albumId, artistId] of albumArtists)
      await store.commit('catalogue', `album#${albumId}`, 0, 1, [{ kind: 'put', item: { ...albumKey(albumId), artistId } }]);
    for (const e of events) await project(statementsProjection, store, e);
    const items = Object.values(store.snapshot());
    return (month: string) =>
      statementsFromViews(
        month,
        items.filter((i) => i.pk === statementMonthPartition(month)),
        items.filter((i) => i.pk === STATEMENT_CONTRACTS),
        NOW,
      );
  }

  it('puts a merch order placed in a closed month and recorded after its closing in the next open month, leaving the closed one as it was', async () => {
    const make = history();
    const sale = make.purchase('o1', albumRef('album-a1', 9.99), '2026-01-20T10:00:00.000Z', { userId: 'u', stripeEventId: 'e1' });
    const close = make('statement#2026-01', 'StatementClosed', { month: '2026-01' }, '2026-02-01T09:00:00.000Z');
    // Placed on the last day of the closed month (the day the ledger reads), recorded the day after the closing.
    const late = make(
      'merch-order#m1',
      'MerchOrderPlaced',
      {
        orderId: 'm1',
        orderName: '#1',
        placedAt: '2026-01-31T23:00:00.000Z',
        currency: 'USD',
        lines: [{ productId: 'p', variantId: 'v', title: 'Tee', quantity: 1, unitPriceCents: 2500, artistId: 'artist-a' }],
        subtotalCents: 2500,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 2500,
        webhookId: 'w1',
      },
      '2026-02-02T10:00:00.000Z',
    );
    const before = statementsOfMonth(statementLog([sale, close], albumArtists), '2026-01', NOW);
    const log = statementLog([sale, close, late], albumArtists);
    expect(statementsOfMonth(log, '2026-01', NOW)).toEqual(before);
    expect(statementsOfMonth(log, '2026-02', NOW).artists[0].lines[0]).toMatchObject({
      kind: 'merch',
      netCents: 2500,
      eventIds: [late.meta.eventId],
    });
    const read = await stored([sale, close, late]);
    expect(read('2026-01')).toMatchObject({ ...before, closedAt: '2026-02-01T09:00:00.000Z' });
    expect(read('2026-02').artists[0].lines[0]).toMatchObject({ kind: 'merch', eventIds: [late.meta.eventId] });
  });

  it('puts a refund recorded before its month’s closing in that month, as the log orders them, even when projected after it', async () => {
    const make = history();
    const sale = make.purchase('o1', albumRef('album-a1', 9.99), '2026-01-20T10:00:00.000Z', { userId: 'u', stripeEventId: 'e1' });
    const refund = make.refund('o1', [albumRef('album-a1', 9.99)], 9.99, '2026-01-31T23:00:00.000Z', { userId: 'u', stripeEventId: 'e2' });
    const close = make('statement#2026-01', 'StatementClosed', { month: '2026-01' }, '2026-02-01T09:00:00.000Z');
    const inLogOrder = statementsOfMonth(statementLog([sale, refund, close], albumArtists), '2026-01', NOW);
    expect(inLogOrder.netCents).toBe(0);
    // The refund's projector lagged behind the closing's: the same statement, as a heal or a rebuild would make it.
    const read = await stored([sale, close, refund]);
    expect(read('2026-01')).toMatchObject({ ...inLogOrder, closedAt: '2026-02-01T09:00:00.000Z' });
  });

  it('keeps the terms a month was closed under when the contract changes after', () => {
    const make = history();
    const sale = make.purchase('o1', albumRef('album-b1', 10), '2026-01-20T10:00:00.000Z', { userId: 'u', stripeEventId: 'e1' });
    const close = make('statement#2026-01', 'StatementClosed', { month: '2026-01' }, '2026-02-01T09:00:00.000Z');
    const contract = make(
      'contract#artist-b',
      'ArtistContractSet',
      { artistId: 'artist-b', labelShareBasisPoints: { sales: 2000, membership: 5000, merch: 5000 } },
      '2026-02-02T09:00:00.000Z',
    );
    const log = statementLog([sale, close, contract], albumArtists);
    expect(statementsOfMonth(log, '2026-01', NOW).artists[0].labelCents).toBe(500);
    expect(statementsOfMonth(statementLog([sale, contract], albumArtists), '2026-01', NOW).artists[0].labelCents).toBe(200);
  });

  it('property: the stored statements equal the statements rebuilt from the log, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 50 }), async (steps) => {
        const events = eventsOf(steps);
        const log = statementLog(events, albumArtists);
        const read = await stored(events);
        for (const month of MONTHS) {
          const { closedAt, ...fromViews } = read(month);
          expect(fromViews).toEqual(statementsOfMonth(log, month, NOW));
          expect(closedAt).toBe(log.closed.get(month) ?? null);
        }
      }),
      { numRuns: 100 },
    );
  });
});
