import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryEventStore } from '../platform/memory-event-store.js';
import { countPlay, wasCounted } from './counted-plays.js';
import { DAILY_PLAY_CEILING } from './domain/plays.js';
import { playsStream } from './play-streams.js';

const LENGTH = 60;
const noon = Date.parse('2026-03-01T12:00:00.000Z');

/** A listener of their own per test: the process remembers what it saw of each plays stream. */
function listening(ceiling = DAILY_PLAY_CEILING) {
  const listenerId = `l-${randomUUID()}`;
  const eventStore = memoryEventStore();
  const context = { actor: listenerId, correlationId: 'c', eventStore };
  const data = (trackId: string) => ({ trackId, albumId: 'al1', listenerId, userId: listenerId, playDuration: 30, trackLength: LENGTH });
  const play = (trackId: string, startedAt: number) => ({
    start: { listenerId, trackId, startedAt },
    trackLength: LENGTH,
    signedIn: true,
    ceiling,
    data: data(trackId),
  });
  const stream = playsStream(listenerId, new Date(noon), true);
  const tracksOf = async () => (await eventStore.readStream(stream)).map((e) => e.type === 'PlayRecorded' && e.data.trackId);
  return { listenerId, eventStore, context, data, play, stream, tracksOf };
}

describe('counting a play on the listener’s stream of its day', () => {
  it('counts a track once per track length, and again a track length on', async () => {
    const { context, play, tracksOf } = listening();
    expect(await countPlay(play('t1', noon), context)).toBe('count');
    expect(await countPlay(play('t1', noon + 10_000), context)).toBe('repeat');
    expect(await countPlay(play('t2', noon + 10_000), context)).toBe('count');
    expect(await countPlay(play('t1', noon + LENGTH * 1000 + 1), context)).toBe('count');
    expect(await tracksOf()).toEqual(['t1', 't2', 't1']);
  });

  it('decides on the stream as it is, when another process counted a play this one had not seen', async () => {
    const { context, eventStore, play, data, stream, tracksOf, listenerId } = listening();
    expect(await countPlay(play('t1', noon), context)).toBe('count');
    const elsewhere = { ...data('t2'), startedAt: new Date(noon + 1000).toISOString() };
    await eventStore.appendToStream(stream, 1, [{ type: 'PlayRecorded', data: elsewhere }], {
      actor: listenerId,
      correlationId: 'another-process',
    });
    expect(await countPlay(play('t2', noon + 2000), context)).toBe('repeat');
    expect(await wasCounted({ listenerId, trackId: 't2', startedAt: noon + 1000 }, true, eventStore)).toBe(true);
    expect(await countPlay(play('t1', noon + LENGTH * 1000 + 1), context)).toBe('count');
    expect((await eventStore.readStream(stream)).map((e) => e.version)).toEqual([1, 2, 3]);
    expect(await tracksOf()).toEqual(['t1', 't2', 't1']);
  });

  it("stops counting a listener's plays at the day's ceiling; another listener still plays", async () => {
    const { context, play, tracksOf } = listening(3);
    const decisions = [];
    for (const trackId of ['t1', 't2', 't3', 't4', 't5']) decisions.push(await countPlay(play(trackId, noon), context));
    expect(decisions).toEqual(['count', 'count', 'count', 'daily_ceiling', 'daily_ceiling']);
    expect(await tracksOf()).toEqual(['t1', 't2', 't3']);
    const other = listening(3);
    expect(await countPlay(other.play('t1', noon), other.context)).toBe('count');
  });

  it('checks a play just after midnight against the day before', async () => {
    const { context, play } = listening();
    const midnight = Date.parse('2026-03-02T00:00:00.000Z');
    expect(await countPlay(play('t1', midnight - 20_000), context)).toBe('count');
    expect(await countPlay(play('t1', midnight + 20_000), context)).toBe('repeat');
    expect(await countPlay(play('t1', midnight - 20_000 + LENGTH * 1000 + 1), context)).toBe('count');
  });
});
