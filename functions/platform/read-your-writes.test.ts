import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events/index.js';
import type { EventStore } from './event-store.js';
import { memoryEventStore } from './memory-event-store.js';
import { caughtUp } from './read-your-writes.js';

const saved = (albumId: string): NewEvent => ({ type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId } });
const albumsOf = (state: string[], tail: { type: string; data: unknown }[]) => [
  ...state,
  ...tail.map((e) => (e.data as { albumId: string }).albumId),
];

describe('caughtUp', () => {
  it('lays the events a view has not applied yet over it, and answers the version it reached', async () => {
    const eventStore = memoryEventStore();
    await eventStore.appendToStream('library#u1', 0, [saved('al1'), saved('al2'), saved('al3')], { actor: 't', correlationId: 'c' });
    expect(await caughtUp(eventStore, 'library#u1', { state: ['al1'], version: 1 }, albumsOf)).toEqual({
      state: ['al1', 'al2', 'al3'],
      version: 3,
    });
  });

  it('reads no tail when the view is as new as the stream', async () => {
    const memory = memoryEventStore();
    await memory.appendToStream('library#u1', 0, [saved('al1')], { actor: 't', correlationId: 'c' });
    const tails: number[] = [];
    const counting: EventStore = {
      ...memory,
      readStream(streamId, after) {
        tails.push(after ?? 0);
        return memory.readStream(streamId, after);
      },
    };
    expect(await caughtUp(counting, 'library#u1', Promise.resolve({ state: ['al1'], version: 1 }), albumsOf)).toEqual({
      state: ['al1'],
      version: 1,
    });
    expect(tails).toEqual([]);
  });
});
