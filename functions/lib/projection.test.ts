import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { freeToStream } from '../domain/catalogue/album-offer.js';
import { catalogueProjection } from '../projections/catalogue.js';
import { statsProjection } from '../projections/stats.js';
import { memoryViewStore } from './memory-view-store.js';
import { project, StreamGapError } from './projection.js';

const meta = (i: number) => ({ eventId: `e${i}`, at: '2026-11-01T10:00:00.000Z', actor: 'test', correlationId: 'c' });

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
        meta: meta(100 + l * 10 + i),
        data: { trackId: `${albumId}-t1`, albumId, listenerId: `listener-${l}`, userId: null, playDuration: 30, trackLength: 20 },
      })),
    ),
  );

/** Delivers every message, retrying the ones that fail (a gap, a missing artist) after the others. */
async function deliver(events: DomainEvent[]) {
  const store = memoryViewStore();
  const queue = [...events];
  for (let guard = 0; queue.length; guard++) {
    if (guard > 10_000) throw new Error('delivery never settled');
    const event = queue.shift()!;
    const projections = [catalogueProjection, statsProjection].filter((p) => p.events.includes(event.type));
    try {
      for (const p of projections) await project(p, store, event);
    } catch {
      queue.push(event);
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
