import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { freeToStream } from '../catalogue/domain/album-offer.js';
import { catalogueProjection } from '../catalogue/projections/catalogue.js';
import { statsProjection } from '../listening/projections/stats.js';
import { memoryViewStore } from './memory-view-store.js';
import {
  composeViewOps,
  foldSpread,
  project,
  projectRun,
  projectStream,
  spreadOp,
  StreamGapError,
  type Projection,
  type ViewOp,
} from './projection.js';
import { libraryProjection } from '../library/projections/library.js';
import { rollupDayPartitions, rollupsProjection } from '../dashboard/projections/rollups.js';

const meta = (i: number) => ({ eventId: `e${i}`, at: '2026-11-01T10:00:00.000Z', actor: 'test', correlationId: 'c' });
/** A guest's play of track al1-t1, the `version`th of their plays stream of 2026-11-01. */
const guestPlay = (listenerId: string, version: number, eventNo: number): DomainEvent => ({
  streamId: `guest-plays#${listenerId}#2026-11-01`,
  version,
  type: 'PlayRecorded',
  schemaVersion: 1,
  meta: meta(eventNo),
  data: { trackId: 'al1-t1', albumId: 'al1', listenerId, userId: null, playDuration: 30, trackLength: 20 },
});

const catalogueHistory: DomainEvent[] = [
  {
    streamId: 'artist#a1',
    version: 1,
    type: 'ArtistCreated',
    schemaVersion: 2,
    meta: meta(1),
    data: { artistId: 'a1', name: 'Nova', bio: null, avatar: null, headerImage: null, isMain: true, socialLinks: {} },
  },
  ...(['al1', 'al2'] as const).flatMap((albumId, n): DomainEvent[] => [
    {
      streamId: `album#${albumId}`,
      version: 1,
      type: 'AlbumPublished',
      schemaVersion: 1,
      meta: meta(10 + n),
      data: {
        albumId,
        artistId: 'a1',
        title: `Album ${n}`,
        artwork: null,
        description: null,
        albumType: 'Album',
        releaseDate: `2026-0${n + 1}-01`,
        ...freeToStream,
        isDummyAlbum: false,
        rightsOwner: null,
        externalLinks: {},
        copyright: null,
        tracks: [{ trackId: `${albumId}-t1`, title: 'One', trackNumber: 1, duration: 20, lyrics: null, audioKey: null }],
      },
    },
    {
      streamId: `album#${albumId}`,
      version: 2,
      type: 'AlbumDetailsChanged',
      schemaVersion: 1,
      meta: meta(20 + n),
      data: { albumId, changes: { title: `Renamed ${n}` } },
    },
    {
      streamId: `album#${albumId}`,
      version: 3,
      type: 'AlbumDetailsChanged',
      schemaVersion: 1,
      meta: meta(30 + n),
      data: { albumId, changes: { title: `Final ${n}`, releaseDate: '2026-10-10' } },
    },
  ]),
];

/** Plays streams: listener × count, each play on one of two albums. */
const playsHistory = fc
  .array(fc.array(fc.constantFrom('al1', 'al2'), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 })
  .map((listeners) =>
    listeners.flatMap((albums, l) =>
      albums.map((albumId, i): DomainEvent => ({
        streamId: `plays#listener-${l}#2026-11-01`,
        version: i + 1,
        type: 'PlayRecorded',
        schemaVersion: 1,
        // Later plays later in the day: the library keeps a track's latest play.
        meta: { ...meta(100 + l * 10 + i), at: `2026-11-01T10:0${i}:00.000Z` },
        // Every other listener is signed in, so the library's recently played (`keep` puts) is projected too.
        data: {
          trackId: `${albumId}-t1`,
          albumId,
          listenerId: `listener-${l}`,
          userId: l % 2 ? `user-${l}` : null,
          playDuration: 30,
          trackLength: 20,
        },
      })),
    ),
  );

const projections = [catalogueProjection, statsProjection];

/** Delivers every message, retrying the ones that fail (a gap, a missing artist) after the others. */
async function deliver(events: DomainEvent[]) {
  const store = memoryViewStore();
  const queue = [...events];
  for (let guard = 0; queue.length; guard++) {
    if (guard > 10_000) throw new Error('delivery never settled');
    const event = queue.shift()!;
    try {
      for (const p of projections.filter((p) => p.events.includes(event.type))) await project(p, store, event);
    } catch {
      queue.push(event);
    }
  }
  return store.snapshot();
}

/**
 * Delivers as the projector Lambda does: up to 10 messages at a time, each stream's run of them committed at once
 * with `projectRun` (unless `oneByOne`), the rest one by one; what fails goes back to the queue. The play projections
 * read other streams' views (the album's title), so only one delivery order gives one result.
 */
async function deliverInBatches(events: DomainEvent[], oneByOne = false) {
  const projections = [catalogueProjection, statsProjection, rollupsProjection, libraryProjection];
  const takes = (p: Projection, e: DomainEvent) => p.events.includes(e.type);
  const store = memoryViewStore();
  // Each stream's messages in the order sent (a FIFO group is never reordered); a batch takes up to 10, group after
  // group, starting one group further each time, as a failed group waits out its visibility timeout.
  const groups = new Map<string, DomainEvent[]>();
  for (const e of events) groups.set(e.streamId, [...(groups.get(e.streamId) ?? []), e]);
  const names = [...groups.keys()];
  for (let round = 0; [...groups.values()].some((g) => g.length); round++) {
    if (round > 10_000) throw new Error('delivery never settled');
    const batch = new Map<string, DomainEvent[]>();
    let size = 0;
    for (let i = 0; i < names.length && size < 10; i++) {
      const name = names[(round + i) % names.length];
      const taken = groups.get(name)!.slice(0, 10 - size);
      if (taken.length) batch.set(name, taken);
      size += taken.length;
    }
    for (const [name, group] of batch) {
      for (const p of projections) {
        const mine = group.filter((e) => takes(p, e));
        let done = 0;
        const run = (events: DomainEvent[]) => (oneByOne ? Promise.resolve(0) : projectRun(p, store, events));
        for (let taken = await run(mine); taken > 0; taken = await run(mine.slice(done))) done += taken;
        try {
          for (const e of mine.slice(done)) await project(p, store, e);
        } catch {
          // The group's rest comes again later, as SQS redelivers it.
        }
      }
      // A message is done once every projection that takes it has applied it; the group's rest comes again.
      const queue = groups.get(name)!;
      while (queue.length && queue[0] === group[0]) {
        const e = queue[0];
        const applied = await Promise.all(
          projections.filter((p) => takes(p, e)).map(async (p) => (await store.checkpoint(p.name, e.streamId)) >= e.version),
        );
        if (!applied.every(Boolean)) break;
        queue.shift();
        group.shift();
      }
    }
  }
  return store.snapshot();
}

describe('projector', () => {
  it('any history delivered with duplicates and shuffled yields the views of one in-order delivery', async () => {
    await fc.assert(
      fc.asyncProperty(
        playsHistory,
        fc.array(fc.nat({ max: 2 }), { minLength: 64, maxLength: 64 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        async (plays, duplicates, randoms) => {
          const history = [...catalogueHistory, ...plays];
          const expected = await deliver(history);
          const noisy = history.flatMap((e, i) => Array.from({ length: 1 + (duplicates[i % duplicates.length] ?? 0) }, () => e));
          const keyed = noisy.map((e) => ({ e, k: randoms.next().value as number }));
          keyed.sort((a, b) => a.k - b.k);
          expect(await deliver(keyed.map((x) => x.e))).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a batch’s runs of one stream, committed at once, yield the views of one event at a time', async () => {
    await fc.assert(
      fc.asyncProperty(playsHistory, fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), async (plays, randoms) => {
        const history = [...catalogueHistory, ...plays];
        // Streams interleaved at random, some events sent twice, each stream's in order (as its FIFO group keeps them).
        const sent = history.flatMap((e) => (randoms.next().value < 0.2 ? [e, e] : [e]));
        const slots = sent.map((e, i) => ({ stream: e.streamId, k: i + (randoms.next().value as number) * 40 })).sort((a, b) => a.k - b.k);
        const next = new Map<string, DomainEvent[]>();
        for (const e of sent) next.set(e.streamId, [...(next.get(e.streamId) ?? []), e]);
        const delivered = slots.map(({ stream }) => next.get(stream)!.shift()!);
        expect(await deliverInBatches(delivered)).toEqual(await deliverInBatches(delivered, true));
      }),
      { numRuns: 60 },
    );
  });

  it('commits a stream’s run once: counters added up, its checkpoint at the run’s last version', async () => {
    const store = memoryViewStore();
    for (const e of catalogueHistory) await project(catalogueProjection, store, e);
    const plays = [1, 2, 3].map((version) => guestPlay('g1', version, 200 + version));
    const commits: number[] = [];
    const counting = {
      ...store,
      commit: (...args: Parameters<typeof store.commit>) => (commits.push(args[4].length), store.commit(...args)),
    };
    expect(await projectRun(statsProjection, counting, plays)).toBe(3);
    expect(commits).toEqual([2]);
    expect(await store.get({ pk: 'stats#album#al1', sk: 'total' })).toMatchObject({ playCount: 3 });
    expect(await store.checkpoint('stats', 'guest-plays#g1#2026-11-01')).toBe(3);
    // The rollups look up the album and the listener's sketch register for each play: once per run from the store. (A
    // store of their own: they count the plays for the listeners too.)
    const rollupsStore = memoryViewStore();
    for (const e of catalogueHistory) await project(catalogueProjection, rollupsStore, e);
    const reads: string[] = [];
    const reading = {
      ...rollupsStore,
      get: (key: { pk: string; sk: string }) => (reads.push(`${key.pk}|${key.sk}`), rollupsStore.get(key)),
    };
    expect(await projectRun(rollupsProjection, reading, plays)).toBe(3);
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads).size).toBe(reads.length);
    // Sent again, the run is refused as a whole and left to `project()`, which skips each play.
    expect(await projectRun(statsProjection, store, plays)).toBe(0);
    expect(await store.get({ pk: 'stats#album#al1', sk: 'total' })).toMatchObject({ playCount: 3 });
    // A run stops at a gap in its versions.
    const later = plays.map((p) => ({ ...p, version: p.version + 3 }));
    expect(await projectRun(statsProjection, store, [later[0], later[2]])).toBe(0);
    expect(await projectRun(statsProjection, store, [later[0], later[1], { ...later[2], version: 9 }])).toBe(2);
  });

  it('projects a stream as far as it can: its runs in one commit each, a duplicate skipped, stopping at a gap', async () => {
    const store = memoryViewStore();
    for (const e of catalogueHistory) await project(catalogueProjection, store, e);
    const play = (version: number) => guestPlay('g2', version, 300 + version);
    const commits: number[][] = [];
    const counting = {
      ...store,
      commit: (...args: Parameters<typeof store.commit>) => (commits.push([args[2], args[3]]), store.commit(...args)),
    };
    // A catch-up's twenty plays of one listener: one commit, where one each made twenty transactions.
    expect(
      await projectStream(
        statsProjection,
        counting,
        Array.from({ length: 20 }, (_, i) => play(i + 1)),
      ),
    ).toBe(20);
    expect(commits).toEqual([[0, 20]]);
    // Already applied (skipped, counted as done), then two more, then one after a gap: it stops before the gap.
    expect(await projectStream(statsProjection, counting, [play(20), play(21), play(22), play(24)])).toBe(3);
    expect(await store.checkpoint('stats', 'guest-plays#g2#2026-11-01')).toBe(22);
    expect(await store.get({ pk: 'stats#album#al1', sk: 'total' })).toMatchObject({ playCount: 22 });
  });

  it('composes two ops of one item only where one op has the same effect', () => {
    const key = { pk: 'p', sk: 's' };
    const add = (n: number, set: Record<string, unknown> = {}): ViewOp => ({ kind: 'update', key, add: { plays: n }, set });
    const keep = (at: string): ViewOp => ({ kind: 'put', item: { ...key, at }, keep: { field: 'at', winner: 'highest' } });
    expect(composeViewOps(add(1, { title: 'A' }), add(2, { title: 'B' }))).toEqual({
      kind: 'update',
      key,
      add: { plays: 3 },
      set: { title: 'B' },
    });
    expect(composeViewOps({ kind: 'put', item: { ...key, plays: 5 } }, add(2))).toEqual({ kind: 'put', item: { ...key, plays: 7 } });
    expect(composeViewOps({ kind: 'delete', key }, add(2))).toEqual({ kind: 'put', item: { ...key, plays: 2 } });
    expect(composeViewOps(add(1), { kind: 'delete', key })).toEqual({ kind: 'delete', key });
    expect(composeViewOps(keep('2026-02'), keep('2026-01'))).toEqual(keep('2026-02'));
    expect(composeViewOps(keep('2026-01'), keep('2026-02'))).toEqual(keep('2026-02'));
    expect(composeViewOps(keep('2026-01'), add(1))).toBeUndefined();
    expect(composeViewOps(add(1), keep('2026-01'))).toBeUndefined();
    expect(composeViewOps(add(1), { kind: 'update', key, set: { plays: 0 } })).toBeUndefined();
    expect(composeViewOps({ kind: 'update', key, remove: ['gsi1pk'] }, add(1))).toBeUndefined();
  });

  it('counts each play once and keeps the latest details', async () => {
    const plays = fc.sample(playsHistory, { numRuns: 1, seed: 7 })[0];
    const views = await deliver([...catalogueHistory, ...plays]);
    const al1Plays = plays.filter((p) => p.type === 'PlayRecorded' && p.data.albumId === 'al1').length;
    expect(views['stats#album#al1|total']?.playCount ?? 0).toBe(al1Plays);
    expect(views['album#al1|album']).toMatchObject({
      title: 'Final 0',
      releaseDate: '2026-10-10',
      gsi1sk: '2026-10-10#al1',
      artistName: 'Nova',
    });
    expect(views['artist#a1|artist']).toMatchObject({ name: 'Nova', albumCount: 2 });
  });

  it('skips a duplicate and refuses a gap', async () => {
    const store = memoryViewStore();
    const [published, , thirdVersion] = catalogueHistory.filter((e) => e.streamId === 'album#al1');
    await project(catalogueProjection, store, catalogueHistory[0]);
    await expect(project(catalogueProjection, store, thirdVersion)).rejects.toBeInstanceOf(StreamGapError);
    expect(await project(catalogueProjection, store, published)).toBe('applied');
    expect(await project(catalogueProjection, store, published)).toBe('skipped');
  });

  it('keeps the winning item of `keep` puts from two streams, in either order, as the DynamoDB store does', async () => {
    for (const winner of ['lowest', 'highest'] as const) {
      for (const order of [
        ['2026-02', '2026-01'],
        ['2026-01', '2026-02'],
      ]) {
        const store = memoryViewStore();
        for (const [i, at] of order.entries()) {
          expect(
            await store.commit('test', `s${i}`, 0, 1, [{ kind: 'put', item: { pk: 'p', sk: 'i', at }, keep: { field: 'at', winner } }]),
          ).toBe(true);
        }
        expect(await store.get({ pk: 'p', sk: 'i' })).toMatchObject({ at: winner === 'lowest' ? '2026-01' : '2026-02' });
        expect(store.checkpoints()).toEqual(
          new Map([
            ['test|s0', 1],
            ['test|s1', 1],
          ]),
        );
      }
    }
  });
});

describe('spread counts', () => {
  const day = '2026-03-01';
  const spread = rollupsProjection.spread!;
  const album = (pk: string, plays: number) => ({ pk, sk: 'album#a1', albumId: 'a1', title: 'Tides', plays });
  const tier = (pk: string, newMembers: number) => ({ pk, sk: 'tier#10', tierDollars: 10, newMembers });
  const sketch = (pk: string, rank: number) => ({ pk, sk: 'sketch#007', register: 7, rank });

  it('land in the turn’s partition, and add up with another of the same spread only', () => {
    const op: ViewOp = { kind: 'update', key: { pk: `rollups#day#${day}`, sk: 'album#a1' }, add: { plays: 1 }, spread: 16 };
    expect(spreadOp(op, 0)).toEqual({ kind: 'update', key: { pk: `rollups#day#${day}`, sk: 'album#a1' }, add: { plays: 1 } });
    expect(spreadOp(op, 35)).toMatchObject({ key: { pk: `rollups#day#${day}#3` } });
    expect(composeViewOps(op, op)).toEqual({ ...op, add: { plays: 2 }, set: {} });
    expect(composeViewOps(op, { ...op, spread: undefined })).toBeUndefined();
  });

  it('fold to the same items however the live store spread them: counts added, values kept', () => {
    const [base, third, ninth] = [0, 3, 9].map((n) => rollupDayPartitions(day)[n]);
    const live = [
      album(base, 4),
      album(third, 10),
      album(ninth, 1),
      tier(third, 1),
      tier(ninth, 2),
      sketch(ninth, 3),
      { pk: 'other', sk: 'x', n: 1 },
    ];
    const rebuilt = [album(base, 15), tier(base, 3), sketch(ninth, 3), { pk: 'other', sk: 'x', n: 1 }];
    const byKey = (items: Array<{ pk: string; sk: string }>) =>
      [...items].sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
    expect(byKey(foldSpread(live, spread))).toEqual(byKey(foldSpread(rebuilt, spread)));
    expect(foldSpread(live, spread)).toContainEqual(tier(base, 3));
    // A value the copies disagree on shows as the list of them, which no single value equals.
    const renamed = foldSpread([album(base, 1), { ...album(third, 1), title: 'Tides II' }], spread);
    expect(renamed).toEqual([{ ...album(base, 2), title: ['"Tides II"', '"Tides"'] }]);
    expect(foldSpread(live, undefined)).toBe(live);
  });
});
