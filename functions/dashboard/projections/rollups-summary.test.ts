import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewEvent } from '../../../events/index.js';
import { eventLog } from '../../statements/domain/ledger-events.fixtures.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import type { ViewItem } from '../../platform/projection.js';
import { project } from '../../platform/projection.js';
import { albumKey } from '../../catalogue/projections/catalogue.js';
import { periodFigures } from './rollups-figures.js';
import {
  DIRTY_SK,
  ROLLUP_DAY_SHARDS,
  ROLLUP_DIRTY_DAYS,
  isClosable,
  mayBeClosed,
  rollupDayPartition,
  rollupSketchSk,
  rollupSummaryPartition,
  rollupsProjection,
} from './rollups.js';
import { SKETCH_REGISTERS } from './rollups-sketch.js';
import { SUMMARY_SK, mergeDay, summaryChunkSk, summaryDay, summaryItems } from './rollups-summary.js';

const DAY = '2026-03-01';
const closing = { at: '2026-03-02T01:00:00.000Z', generation: 'g1' };

/** Random shard items of one day, of every kind rollups.ts writes, names varying between shards. */
const shardItems: fc.Arbitrary<ViewItem[]> = (() => {
  const name = fc.option(fc.constantFrom('Nova', 'Ümlaut', 'Ray'), { nil: null });
  const count = fc.nat({ max: 1000 });
  const shard = fc.nat({ max: ROLLUP_DAY_SHARDS - 1 });
  const album = fc.record({
    shard,
    id: fc.constantFrom('a1', 'a2', 'a3', 'a4'),
    artistId: fc.constantFrom('nova', 'ray'),
    title: fc.constantFrom('Night Drive', 'Dawn'),
    artistName: name,
    plays: count,
    completedPlays: count,
    albumsSold: count,
    grossCents: count,
    feeCents: count,
    albumsWithFee: count,
    albumsRefunded: count,
    refundCents: count,
  });
  const track = fc.record({
    shard,
    id: fc.constantFrom('t1', 't2', 't3'),
    title: fc.option(fc.constantFrom('Intro', 'Outro'), { nil: null }),
    albumId: fc.constantFrom('a1', 'a2'),
    artistName: name,
    plays: count,
    completedPlays: count,
  });
  const artist = fc.record({ shard, id: fc.constantFrom('nova', 'ray', 'solo'), name, merchCents: count });
  const tier = fc.record({
    shard,
    tierDollars: fc.constantFrom(5, 10, 20, 15),
    newMembers: count,
    cancelledMembers: count,
    endedMembers: count,
  });
  const label = fc.record(
    {
      shard,
      newMembers: count,
      trials: count,
      cancelledMembers: count,
      endedMembers: count,
      couponUses: count,
      merchOrders: count,
      merchCents: count,
      accountsOpened: count,
      plays: count,
    },
    { requiredKeys: ['shard'] },
  );
  const sketch = fc.record({ shard, register: fc.nat({ max: SKETCH_REGISTERS - 1 }), rank: fc.integer({ min: 1, max: 25 }) });
  const pk = (s: number) => rollupDayPartition(DAY, s);
  return fc.array(
    fc.oneof(
      album.map(({ shard, id, ...rest }): ViewItem => ({ pk: pk(shard), sk: `album#${id}`, albumId: id, ...rest })),
      track.map(({ shard, id, ...rest }): ViewItem => ({ pk: pk(shard), sk: `track#${id}`, trackId: id, ...rest })),
      artist.map(({ shard, id, ...rest }): ViewItem => ({ pk: pk(shard), sk: `artist#${id}`, artistId: id, ...rest })),
      tier.map(({ shard, tierDollars, ...rest }): ViewItem => ({ pk: pk(shard), sk: `tier#${tierDollars}`, tierDollars, ...rest })),
      label.map(({ shard, ...rest }): ViewItem => ({ pk: pk(shard), sk: 'label', ...rest })),
      sketch.map(({ shard, register, rank }): ViewItem => ({ pk: pk(shard), sk: rollupSketchSk(register), register, rank })),
    ),
    { maxLength: 80 },
  );
})();

const figures = (items: ViewItem[]) => periodFigures({ from: DAY, to: DAY }, [{ day: DAY, items }], {}, { members10: 3, paying10: 2 });

describe("a finished day's summary", () => {
  afterEach(() => vi.useRealTimers());

  it('gives the dashboard the figures its shards give, whatever they hold and however small the chunks', () => {
    fc.assert(
      fc.property(shardItems, fc.integer({ min: 400, max: 4000 }), (items, chunkBytes) => {
        const summary = summaryItems(DAY, mergeDay(items), closing, chunkBytes);
        for (const chunk of summary.slice(1)) expect(Buffer.byteLength(chunk.entries as string)).toBeLessThanOrEqual(chunkBytes);
        expect(figures(summaryDay(summary)!)).toEqual(figures(items));
      }),
      { numRuns: 300 },
    );
  });

  it('is one item for the totals and the sketch, one per chunk of entries', () => {
    const items: ViewItem[] = Array.from({ length: 2 * ROLLUP_DAY_SHARDS }, (_, i) => ({
      pk: rollupDayPartition(DAY, i % ROLLUP_DAY_SHARDS),
      sk: `track#t${i % 2}`,
      trackId: `t${i % 2}`,
      plays: 1,
      completedPlays: 0,
    }));
    items.push(
      { pk: rollupDayPartition(DAY, 3), sk: rollupSketchSk(7), register: 7, rank: 2 },
      { pk: rollupDayPartition(DAY, 4), sk: rollupSketchSk(7), register: 7, rank: 5 },
      { pk: rollupDayPartition(DAY, 4), sk: 'tier#10', tierDollars: 10, newMembers: 1 },
      { pk: rollupDayPartition(DAY, 5), sk: 'tier#10', tierDollars: 10, newMembers: 2 },
    );
    const [summary, ...chunks] = summaryItems(DAY, mergeDay(items), closing);
    expect(summary).toMatchObject({ pk: rollupSummaryPartition(DAY), sk: SUMMARY_SK, chunks: 1, generation: 'g1' });
    expect((summary.registers as number[])[7]).toBe(5);
    expect(chunks.map((c) => c.sk)).toEqual([summaryChunkSk(0)]);
    expect(JSON.parse(chunks[0].entries as string)).toEqual([
      { sk: 'track#t0', trackId: 't0', plays: 16, completedPlays: 0 },
      { sk: 'track#t1', trackId: 't1', plays: 16, completedPlays: 0 },
      { sk: 'tier#10', tierDollars: 10, newMembers: 3 },
    ]);
  });

  it('is not read when the day is marked dirty or a chunk of its closing is missing', () => {
    const items = summaryItems(DAY, mergeDay([{ pk: rollupDayPartition(DAY), sk: 'track#t1', plays: 1 }]), closing);
    expect(summaryDay(items)).toBeDefined();
    expect(summaryDay([...items, { pk: rollupSummaryPartition(DAY), sk: DIRTY_SK, token: 'ev-9' }])).toBeUndefined();
    expect(summaryDay(items.slice(0, 1))).toBeUndefined();
    expect(summaryDay([items[0], { ...items[1], generation: 'g0' }])).toBeUndefined();
    expect(summaryDay([])).toBeUndefined();
  });

  it('closes a day an hour after its end; a write into it marks it from half an hour before, not at midnight', () => {
    const ms = (iso: string) => Date.parse(iso);
    expect(isClosable(DAY, ms('2026-03-02T00:59:59.999Z'))).toBe(false);
    expect(isClosable(DAY, ms('2026-03-02T01:00:00.000Z'))).toBe(true);
    expect(mayBeClosed(DAY, ms('2026-03-01T23:59:59.999Z'))).toBe(false);
    expect(mayBeClosed(DAY, ms('2026-03-02T00:00:01.000Z'))).toBe(false);
    expect(mayBeClosed(DAY, ms('2026-03-02T00:29:59.999Z'))).toBe(false);
    expect(mayBeClosed(DAY, ms('2026-03-02T00:30:00.000Z'))).toBe(true);
    expect(mayBeClosed(DAY, ms('2026-03-05T00:00:00.000Z'))).toBe(true);
  });

  it("marks a day dirty when the projection writes into it after it ended, and never for today's plays", async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-02T10:00:00.000Z'), toFake: ['Date'] });
    const log = eventLog();
    const store = memoryViewStore();
    await store.commit('seed', 'catalogue', 0, 1, [
      { kind: 'put', item: { ...albumKey('a1'), title: 'Night Drive', artistId: 'nova', artistName: 'Nova', tracks: [] } },
    ]);
    const play = (listenerId: string): NewEvent => ({
      type: 'PlayRecorded',
      data: { trackId: 't1', albumId: 'a1', listenerId, userId: null, playDuration: 30, trackLength: 200 },
    });
    await project(rollupsProjection, store, log.stored('plays#l1#today', play('l1'), '2026-03-02T09:00:00.000Z'));
    expect(Object.values(store.snapshot()).filter((i) => i.sk === DIRTY_SK)).toEqual([]);
    const late = log.stored('plays#l2#late', play('l2'), '2026-03-01T23:59:00.000Z');
    await project(rollupsProjection, store, late);
    expect(Object.values(store.snapshot()).filter((i) => i.sk === DIRTY_SK)).toEqual([
      {
        pk: rollupSummaryPartition(DAY),
        sk: DIRTY_SK,
        day: DAY,
        token: late.meta.eventId,
        gsi1pk: ROLLUP_DIRTY_DAYS,
        gsi1sk: DAY,
        lateEvents: 1,
      },
    ]);
  });
});
